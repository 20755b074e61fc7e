import type { Logger } from 'pino';

/**
 * How the queues of jobs written in the database (pushes, mails) are worked off on each instance: claim a
 * batch of due jobs, handle it, again until a batch comes back short. One run at a time per queue; a wake
 * during a run makes it go round once more, and wakes close together (a burst of writes, an outbox replayed
 * after a day offline) gather into one run after a short wait. The claim itself (which makes each job one
 * instance's) is the queue's own.
 */
export function createJobLoop<Job>(input: {
  /** Named in the error log: "push", "mail". */
  label: string;
  logger: Logger;
  batchSize: number;
  wakeDelayMs: number;
  claim: (now: Date) => Promise<Job[]>;
  /** Answers how many of the batch went out. */
  handleBatch: (jobs: Job[], now: Date) => Promise<number>;
  now: () => Date;
}) {
  let running: Promise<number> | undefined;
  let again = false;
  let waking: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Handles every due job; resolves with how many went out. */
  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let done = 0;
      do {
        again = false;
        for (;;) {
          const now = input.now();
          const jobs = await input.claim(now);
          if (jobs.length) done += await input.handleBatch(jobs, now);
          if (jobs.length < input.batchSize) break;
        }
      } while (again);
      return done;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const runQuietly = () =>
    runDue().catch((error) => {
      input.logger.error({ err: error }, `${input.label} dispatch failed`);
      return 0;
    });

  return {
    runDue,
    /** A write queued jobs: handle them shortly rather than at the next tick. */
    wake() {
      // Stopped: a NOTIFY arriving while the server shuts down must not start a run on a closing database.
      if (waking || stopped) return;
      waking = setTimeout(() => {
        waking = undefined;
        void runQuietly();
      }, input.wakeDelayMs);
      waking.unref();
    },
    /** Resolves once the run in flight, if any, has ended: stopping awaits it before closing the database. */
    settled: (): Promise<unknown> => running?.catch(() => 0) ?? Promise.resolve(),
    /** Runs every `intervalMs`, and once now, until `signal` aborts. */
    start(intervalMs: number, signal?: AbortSignal) {
      const timer = setInterval(() => void runQuietly(), intervalMs);
      timer.unref();
      signal?.addEventListener(
        'abort',
        () => {
          stopped = true;
          clearInterval(timer);
          clearTimeout(waking);
        },
        { once: true },
      );
      void runQuietly();
    },
  };
}
