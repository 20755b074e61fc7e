import { backoffDelay, type Backoff } from '../../src/contract/retry';

/**
 * A mail the server could not hand over is tried again after about 30 s, 1, 2, 4 min… up to an hour
 * between tries, each wait drawn between half and all of it (after an outage, the instances and the
 * mails do not all knock again together). After a day it is given up.
 */
export const MAIL_RETRY: Backoff = { baseMs: 30_000, maxMs: 3600 * 1000, jitter: 0.5 };
export const MAIL_GIVE_UP_MS = 24 * 3600 * 1000;

/** The wait before a job tried `attempts` times (1 or more) goes again. */
export const mailRetryDelay = (attempts: number, random?: () => number) => backoffDelay(MAIL_RETRY, attempts - 1, { random });

export type SendFailure = { kind: 'bounce' | 'retry'; message: string };

/**
 * What a failed send means. A 5xx answer is the receiving side's final word (no such mailbox, refused):
 * a hard bounce. Anything else (a 4xx answer, a server down, refusing connections or silent) may pass
 * later. nodemailer puts the SMTP answer's code in `responseCode`.
 */
export function classifySendFailure(error: unknown): SendFailure {
  const { responseCode, response, message } = (error ?? {}) as { responseCode?: number; response?: string; message?: string };
  const said = (response ?? message ?? String(error)).slice(0, 500);
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) return { kind: 'bounce', message: said };
  return { kind: 'retry', message: said };
}
