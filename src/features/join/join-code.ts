import { JOIN_PATH } from '../../domain/villages/join-link';

function joinUrl(redirect: string | undefined): URL | null {
  if (!redirect) return null;
  try {
    const url = new URL(redirect, 'http://localhost');
    return url.pathname === JOIN_PATH ? url : null;
  } catch {
    return null;
  }
}

/** The invitation token (`i`) of an invitation's join link kept as `redirect`, or null. */
export function joinInvitationOf(redirect: string | undefined): string | null {
  return joinUrl(redirect)?.searchParams.get('i')?.trim() || null;
}

/**
 * The share code of a join link kept as the sign-in pages' `redirect` ("/join/village?c=ABCD2345&rli=jv"), or
 * null when the redirect leads elsewhere. A code written as a JSON string (see join-link.ts) is read back.
 */
export function joinCodeOf(redirect: string | undefined): string | null {
  const url = joinUrl(redirect);
  const raw = url?.searchParams.get('c')?.trim();
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : raw;
  } catch {
    return raw;
  }
}
