const FIRST_MS = 1_000;
const MAX_MS = 30_000;

/**
 * The pause before reconnection attempt `attempt` (0 first): 1 s, 2 s, 4 s… up to 30 s, each drawn within
 * its last quarter so that the devices of a village do not all come back at the same instant.
 */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(FIRST_MS * 2 ** attempt, MAX_MS);
  return Math.round(ceiling * (0.75 + random() / 4));
}
