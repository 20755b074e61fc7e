/**
 * The join link of the spec, `/join/village?c=<code>&rli=jv` (rli says where the visitor came from), and an
 * invitation's, which adds `rli=inv&i=<token>`: written by the app (share screen) and by the server (the
 * invitation mail) alike. Imported by path: it has no dependency.
 */
export const JOIN_PATH = '/join/village';
export const JOIN_LINK_SOURCE = 'jv';
export const INVITATION_LINK_SOURCE = 'inv';

/**
 * The router reads each search value as JSON when it can: a code such as 23456E78 would come back as the
 * number 2.3456e82. Such a code (a few in a hundred thousand) is written as a JSON string, which the router
 * reads back as the same text; every other code stays as the spec shows it.
 */
function searchValue(code: string): string {
  try {
    JSON.parse(code);
    return JSON.stringify(code);
  } catch {
    return code;
  }
}

/** The join link at `origin`; with an invitation's token, the invitation's link. */
export function joinUrl(origin: string, shareCode: string, invitationToken?: string): string {
  const query = new URLSearchParams(
    invitationToken === undefined
      ? { c: searchValue(shareCode), rli: JOIN_LINK_SOURCE }
      : { c: searchValue(shareCode), rli: INVITATION_LINK_SOURCE, i: invitationToken },
  );
  return `${origin}${JOIN_PATH}?${query.toString()}`;
}
