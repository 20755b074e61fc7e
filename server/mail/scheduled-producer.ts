import type { Db } from '../db/client';

/** A kind of mail the clock causes (scheduled.ts runs every producer each minute). */
export interface ScheduledMailProducer {
  /** Named in the logs. */
  name: string;
  /** Queues the mails due at `now`; answers how many it queued. */
  run(db: Db, now: Date): Promise<number>;
}
