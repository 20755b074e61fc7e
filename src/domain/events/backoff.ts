import { backoffDelay, type Backoff } from '../../contract/retry';

/**
 * The stream's reconnection: 1 s, 2 s, 4 s… up to 30 s, each drawn within its last quarter so that the
 * devices of a village do not all come back at the same instant, yet a drop is mended quickly.
 */
export const RECONNECT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 30_000, jitter: 0.25 };

/** The pause before reconnection attempt `attempt` (0 first). */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number =>
  backoffDelay(RECONNECT_BACKOFF, attempt, { random });
