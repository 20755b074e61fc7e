/**
 * How long the server keeps what it keeps for a while only: the server's sweeps and the mail dispatcher
 * delete by these figures, and the privacy page (src/features/privacy/) states them, so both say the same.
 * Imported by path: the first screen does not need it.
 */

const DAY_MS = 24 * 3600 * 1000;

/** A session unused for that long is refused, then deleted by the sweep (server/http/sweeps.ts). */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;

/** A write's idempotency key is kept with its answer for that long: the spec's window for a retried write. */
export const IDEMPOTENCY_KEY_DAYS = 7;
export const IDEMPOTENCY_KEY_MS = IDEMPOTENCY_KEY_DAYS * DAY_MS;

/** A mail sent or given up is kept (address, kind, dates; its content emptied) for that long, then deleted. */
export const FINISHED_MAIL_DAYS = 30;
export const FINISHED_MAIL_MS = FINISHED_MAIL_DAYS * DAY_MS;

/**
 * A withdrawn invitation (it opens nothing, is listed nowhere) is kept that long, past any replay of its
 * withdrawal (the idempotency window), then deleted with the address it was sent to.
 */
export const WITHDRAWN_INVITATION_DAYS = 30;
export const WITHDRAWN_INVITATION_MS = WITHDRAWN_INVITATION_DAYS * DAY_MS;

/** A device not seen for that long has no cookie left to name it (Chrome's 400-day cap): its record goes. */
export const DEVICE_RECORD_DAYS = 400;
export const DEVICE_RECORD_MS = DEVICE_RECORD_DAYS * DAY_MS;
