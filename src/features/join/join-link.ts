/** The join link of the spec: `/join/village?c=<code>&rli=jv` (rli says where the visitor came from). */
export const JOIN_PATH = '/join/village';
export const JOIN_LINK_SOURCE = 'jv';

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

export function joinLink(shareCode: string, origin: string = globalThis.location?.origin ?? ''): string {
  const query = new URLSearchParams({ c: searchValue(shareCode), rli: JOIN_LINK_SOURCE });
  return `${origin}${JOIN_PATH}?${query.toString()}`;
}
