import type { Logger } from 'pino';
import type { Clock } from '../deps';
import type { Db } from '../db/client';
import type { Listen } from '../db/listen';
import type { Mailer } from './mailer';
import { createMailDispatcher } from './dispatcher';
import { MAIL_JOBS_CHANNEL } from './queue';
import { runScheduledMail } from './scheduled';

// Retries and mails due later are found by the timer, and so is a NOTIFY lost while the LISTEN reconnects.
const TICK_MS = 15_000;
// Reminders and digests are due at an hour of the day: a minute late is on time.
const SCHEDULE_MS = 60_000;

/** Sends mails from this instance: at once after a write that queued one, and every 15 s. */
export function startMailDispatch(input: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  from: string;
  listen: Listen;
  signal: AbortSignal;
}) {
  const dispatcher = createMailDispatcher(input);
  input
    .listen(
      { [MAIL_JOBS_CHANNEL]: () => dispatcher.wake() },
      // Back from a lost connection: whatever was queued meanwhile goes now.
      (healthy) => healthy && dispatcher.wake(),
    )
    .catch((error) => input.logger.error({ err: error }, 'LISTEN for mails failed'));
  dispatcher.start(TICK_MS, input.signal);
  let scheduling: Promise<unknown> | undefined;
  const schedule = setInterval(() => {
    if (scheduling) return;
    scheduling = runScheduledMail(input.db, input.clock.now(), input.logger)
      .then((queued) => queued > 0 && dispatcher.wake())
      .catch((error) => input.logger.error({ err: error }, 'scheduled mails failed'))
      .finally(() => (scheduling = undefined));
  }, SCHEDULE_MS);
  schedule.unref();
  input.signal.addEventListener('abort', () => clearInterval(schedule), { once: true });
  // Stopping awaits the scheduled mails being queued too, not only the dispatcher's run.
  return { ...dispatcher, settled: () => Promise.all([dispatcher.settled(), scheduling]) };
}
