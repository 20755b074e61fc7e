import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { eveningReminders } from './kinds/reminder-producer';
import { newSlotsProducer } from './kinds/new-slots-producer';
import { chatDigestProducer } from './kinds/chat-digest-producer';
import { weeklySummaryProducer } from './kinds/weekly-summary-producer';
import { newsProducer } from './kinds/news-producer';
import { gapAlertProducer } from './kinds/gap-alert-producer';
import { nudgeProducer } from './kinds/nudge-producer';
import type { ScheduledMailProducer } from './scheduled-producer';

/**
 * Mails no write causes but the clock does (a slot's reminder the evening before, the day's digest of new
 * slots, the chat digest, the organisers' weekly summary, a village's news of the hour, the day's urgent slots, a quiet member's monthly nudge). Every instance runs every producer each minute:
 * a producer queues with a key (`queueMail`'s `key`) naming the mail once, so two instances, or one running
 * late after a restart, queue it once. A producer reads what is true now (a help withdrawn is not reminded).
 *
 * Every producer, in the order they run: each kind's file exports its producer, listed here.
 */
export const scheduledMailProducers: ScheduledMailProducer[] = [
  eveningReminders,
  newSlotsProducer,
  chatDigestProducer,
  weeklySummaryProducer,
  newsProducer,
  gapAlertProducer,
  nudgeProducer,
];

/** One round of every producer; one failing does not keep the others from running. Answers how many mails were queued. */
export async function runScheduledMail(db: Db, now: Date, logger: Logger, producers = scheduledMailProducers): Promise<number> {
  let queued = 0;
  for (const producer of producers) {
    try {
      queued += await producer.run(db, now);
    } catch (error) {
      logger.error({ err: error, producer: producer.name }, 'scheduled mail producer failed');
    }
  }
  return queued;
}
