/**
 * The database out of reach (stopped, restarting, no connection to be had in time): the request did not
 * happen, so the answer is 503 with Retry-After, which the app's outbox keeps and replays later, rather
 * than a 500 it would treat the same way but log as a bug.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Le service est momentanément indisponible. Réessayez dans un instant.';
/** Seconds: about what a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER = '5';

// Node's socket errors when the server is gone or goes away mid-query.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE: class 08 is "connection exception"; 57P01-57P03 are the server shutting down or still starting.
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
// node-postgres says these in words only (no code): a connection lost, or none free before its timeout.
const PG_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /^Client has encountered a connection error/];

/** Whether the error (or one it wraps: drizzle wraps the driver's in `cause`) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || code.startsWith('08') || SERVER_GOING_AWAY.has(code))) return true;
    if (typeof message === 'string' && PG_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
