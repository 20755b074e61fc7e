/**
 * The disk (or the database server's memory) full: the write did not happen and will not until someone
 * frees space, so the answer is 503 with Retry-After, which the app's outbox keeps and replays later, rather
 * than a 500 it would treat the same way but log as a bug.
 */
export const STORAGE_FULL_MESSAGE = 'Le serveur manque de place pour enregistrer. Réessayez dans quelques minutes.';
/** Seconds: space is freed by a person, not by a restart. */
export const STORAGE_FULL_RETRY_AFTER = '120';

// SQLSTATE class 53, insufficient resources: 53000 itself, 53100 disk_full (PGlite says it too, from its
// data directory: "could not extend file …: No space left on device"), 53200 out_of_memory.
const SQLSTATES = new Set(['53000', '53100', '53200']);
// Node's file system: no space left, or the user's quota used up.
const FS_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * The error saying there is no room to write, the one given or one it wraps (drizzle wraps the driver's in
 * `cause`), as its code and message: the driver's alone, since drizzle's own message lists the query's values.
 */
export function findStorageFull(error: unknown): { code: string; message: string } | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return null;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SQLSTATES.has(code) || FS_CODES.has(code))) return { code, message: String(message) };
  }
  return null;
}
