import { describe, expect, it } from 'vitest';
import type { DrainResult } from './replay';
import {
  replayOnSync,
  SYNC_BUSY_WAIT_MS,
  SYNC_EVENT_BUDGET_MS,
  SYNC_LONGEST_WAIT_MS,
  SYNC_SHORTEST_WAIT_MS,
  SYNC_STALL_MS,
} from './sync-replay';

const T0 = Date.parse('2026-11-24T08:00:00.000Z');

/** A worker's `sync` on a clock of its own: each drain answers the next scripted result; sleeping moves the clock. */
function syncWorld(results: ((now: number) => DrainResult)[]) {
  let clock = T0;
  const drains: { at: number; first: boolean }[] = [];
  const sleeps: number[] = [];
  const env = {
    now: () => clock,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      clock += ms;
    },
    drain: async (first: boolean) => {
      drains.push({ at: clock - T0, first });
      const next = results.shift();
      if (!next) throw new Error('drained more often than scripted');
      return next(clock);
    },
  };
  return { env, drains, sleeps };
}

const drained = (): DrainResult => ({ state: 'drained', sent: 1, failed: 0 });
const waitingFor =
  (ms: number, reason: 'network' | 'server', sent = 1) =>
  (now: number): DrainResult => ({ state: 'waiting', sent, failed: 0, retryAt: now + ms, reason });

describe('the worker on sync', () => {
  it('waits out a lost answer and a Retry-After within the event, then drains again, instead of leaving the rest to the browser', async () => {
    const { env, drains, sleeps } = syncWorld([waitingFor(800, 'network'), waitingFor(1_000, 'server'), drained]);
    await expect(replayOnSync(env)).resolves.toBeUndefined();
    expect(sleeps).toEqual([800, 1_000]);
    // Only the first drain tries whatever the backoff: later ones honour each entry's.
    expect(drains).toEqual([
      { at: 0, first: true },
      { at: 800, first: false },
      { at: 1_800, first: false },
    ]);
  });

  it('rejects at once, for the browser to try later, when the wait is longer than it keeps an event for', async () => {
    const { env, sleeps } = syncWorld([waitingFor(SYNC_LONGEST_WAIT_MS + 1, 'server')]);
    await expect(replayOnSync(env)).rejects.toThrow('still waiting');
    expect(sleeps).toEqual([]);
  });

  it('rejects once its time is spent, well before the browser would end the event', async () => {
    const results = Array.from({ length: 1_000 }, () => waitingFor(10_000, 'network'));
    const { env, drains } = syncWorld(results);
    await expect(replayOnSync(env)).rejects.toThrow('still waiting');
    expect(drains.at(-1)!.at).toBeLessThanOrEqual(SYNC_EVENT_BUDGET_MS);
    expect(drains).toHaveLength(Math.floor(SYNC_EVENT_BUDGET_MS / 10_000) + 1);
  });

  it('gives up after a few tries when nothing goes through, instead of burning attempts against a server that is down', async () => {
    // The backoff of a server that is down: 1 s, 2 s, 4 s, 8 s, 16 s… and no write sent.
    const results = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000].map((ms) => waitingFor(ms, 'network', 0));
    const { env, drains, sleeps } = syncWorld(results);
    await expect(replayOnSync(env)).rejects.toThrow('still waiting');
    expect(sleeps).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(drains).toHaveLength(5);
    expect(drains.at(-1)!.at).toBeLessThanOrEqual(SYNC_STALL_MS);
  });

  it('keeps going through faults while writes go through between them', async () => {
    // Each drain sends some writes before a lost answer: 30 s of progress in all, past the stall bound.
    const results = [...Array.from({ length: 10 }, () => waitingFor(3_000, 'network', 2)), drained];
    const { env, drains } = syncWorld(results);
    await expect(replayOnSync(env)).resolves.toBeUndefined();
    expect(drains.at(-1)!.at).toBe(30_000);
  });

  it('does not hammer a server answering Retry-After: 0', async () => {
    const { env, sleeps } = syncWorld([waitingFor(0, 'server'), drained]);
    await replayOnSync(env);
    expect(sleeps).toEqual([SYNC_SHORTEST_WAIT_MS]);
  });

  it('looks again while a page replays, since the page may be closed before its queue is sent', async () => {
    const { env, sleeps } = syncWorld([() => ({ state: 'busy' }), () => ({ state: 'busy' }), waitingFor(500, 'network'), drained]);
    await replayOnSync(env);
    expect(sleeps).toEqual([SYNC_BUSY_WAIT_MS, SYNC_BUSY_WAIT_MS, 500]);
  });

  it('resolves without waiting when nothing a wait would change stops it: signed out, or a refused token', async () => {
    for (const stop of [{ state: 'signed-out' }, { state: 'unauthorized', sent: 0, failed: 0 }] as DrainResult[]) {
      const { env, sleeps } = syncWorld([() => stop]);
      await expect(replayOnSync(env)).resolves.toBeUndefined();
      expect(sleeps).toEqual([]);
    }
  });

  it('leaves the work to a sync event already running rather than replaying twice', async () => {
    let release!: () => void;
    const first = syncWorld([]);
    first.env.drain = () => new Promise<DrainResult>((resolve) => (release = () => resolve(drained())));
    const running = replayOnSync(first.env);
    const second = syncWorld([]);
    await expect(replayOnSync(second.env)).resolves.toBeUndefined();
    expect(second.drains).toEqual([]);
    release();
    await running;
  });
});
