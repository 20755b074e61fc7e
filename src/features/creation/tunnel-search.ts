import * as v from 'valibot';

/**
 * The tunnel's query: `pcvi`, the pending village's id, on every step's address so a step can be reopened
 * from a link or after a reload. A malformed one is dropped (as if absent) rather than failing the page.
 * Apart from the tunnel's guards (tunnel-routing.ts): the route table, on the first screen, needs only this.
 */
export const TunnelSearch = v.object({
  pcvi: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
});
export type TunnelSearch = v.InferOutput<typeof TunnelSearch>;
