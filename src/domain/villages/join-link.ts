import { joinUrl } from '../../contract/join-link';

export { JOIN_LINK_SOURCE, JOIN_PATH } from '../../contract/join-link';

/** The join link of the spec on this app's origin (the share screen's). */
export function joinLink(shareCode: string, origin: string = globalThis.location?.origin ?? ''): string {
  return joinUrl(origin, shareCode);
}
