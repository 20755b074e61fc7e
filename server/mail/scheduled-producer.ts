import type { Db } from '../db/client';

/** A kind of mail the clock causes (scheduled.ts runs every producer each minute). */
export interface ScheduledMailProducer {
  /** Named in the logs. */
  name: string;
  /**
   * Queues the mails due at `now`; answers how many it queued. A producer whose run could grow with the number of
   * villages takes a share of about `perRun` members a run (its own figure by default; a test gives a small one)
   * and leaves the rest to the next minute's.
   */
  run(db: Db, now: Date, perRun?: number): Promise<number>;
}
