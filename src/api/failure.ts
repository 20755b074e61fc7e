import { unexpected } from '../contract/first-screen-messages';

/** What a call to /v1 can end in besides success: values, never thrown; the UI decides what to show. */
export type ApiFailure =
  | { kind: 'offline' }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'invalid'; status: number; message: string; errors: { field: string; message: string }[] }
  /** Refused (4xx); `retryAfterMs` is the server's Retry-After, when it gave one (429). */
  | { kind: 'refused'; status: number; message: string; retryAfterMs?: number | null }
  | { kind: 'server'; status: number; message: string; retryAfterMs?: number | null }
  /** A success whose body this app cannot read. */
  | { kind: 'unexpected-answer'; status: number; message: string };

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; failure: ApiFailure };

export const OFFLINE_MESSAGE = 'Pas de connexion pour le moment. Réessayez quand le réseau sera revenu.';
export const UNEXPECTED_MESSAGE = unexpected;
