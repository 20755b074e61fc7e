/** While writes wait for the server and the app is in front, it is asked this often whether it answers… */
export const PROBE_EVERY_MS = 2_000;
/**
 * …for this many probes (ten minutes: a restart, a deploy, an outage long enough for the writes' own backoff to
 * reach its 5-minute cap)…
 */
export const FAST_PROBES = 300;
/** …then less and less often, never less than this: a phone left open through a long outage need not ask every 2 s. */
export const SLOWEST_PROBE_MS = 30_000;

/**
 * How long to wait before the next probe, after `probes` found the server away since the queue last moved.
 * A probe is one `GET /v1/health`, the cheapest call the server has; writes go only once it answers, so a
 * server still down costs no write attempt and no backoff (src/outbox/README.md, "Triggers").
 */
export function probeDelay(probes: number): number {
  if (probes < FAST_PROBES) return PROBE_EVERY_MS;
  return Math.min(SLOWEST_PROBE_MS, Math.round(PROBE_EVERY_MS * 1.5 ** (probes - FAST_PROBES + 1)));
}
