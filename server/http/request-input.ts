import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * What a write's request asked for once validated (its body and its query), kept by the route layer for
 * the Idempotency-Key's fingerprint (write.ts). Held by the request's context, so it goes with it.
 */
const inputs = new WeakMap<Context, { body: unknown; query: unknown }>();

/** Kept only for a request with a key: the others have nothing to bind. */
export function rememberInput(c: Context, body: unknown, query: unknown) {
  if (c.req.header('Idempotency-Key') !== undefined) inputs.set(c, { body, query });
}

/**
 * The fingerprint of a request's body and query, as the IETF Idempotency-Key draft binds a key to its
 * request (method and path are stored beside it). Taken from the validated input rather than the bytes
 * sent: the same write says the same thing however it is written (key order, spaces, text the schema
 * trims, a DELETE's acting villager in the query or in the body), alone or re-serialised by /v1/batch,
 * while another body says something else. A photo's multipart body is not part of it.
 */
export function fingerprintOf(c: Context): string {
  const input = inputs.get(c);
  const canonical = JSON.stringify([input?.body ?? null, input?.query ?? null]);
  return createHash('sha256').update(canonical).digest('base64url');
}
