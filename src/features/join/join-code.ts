import { JOIN_PATH } from './join-link';

/**
 * The share code of a join link kept as the sign-in pages' `redirect` ("/join/village?c=ABCD2345&rli=jv"), or
 * null when the redirect leads elsewhere. A code written as a JSON string (see join-link.ts) is read back.
 */
export function joinCodeOf(redirect: string | undefined): string | null {
  if (!redirect) return null;
  let url: URL;
  try {
    url = new URL(redirect, 'http://localhost');
  } catch {
    return null;
  }
  if (url.pathname !== JOIN_PATH) return null;
  const raw = url.searchParams.get('c')?.trim();
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : raw;
  } catch {
    return raw;
  }
}
