import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { text } from './errors';
import type { CallStep } from './call-step';

/** The methods whose requests may carry a body: GET and HEAD never get the limit on their path. */
export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const tooLarge = (c: Context) => c.json({ message: text.tooLarge, http_code: 413 }, 413);

/**
 * Refuses a body over `maxSize` bytes with a 413 in French. A declared Content-Length is judged from the
 * header alone: Hono's own `bodyLimit` reads `c.req.raw.body` first, which makes `@hono/node-server` build
 * a full undici Request (web streams, abort signal) instead of its light one; with the nosniff header set
 * after `next()`, it held /v1/health at 0.18× a bare Hono app. Only a body of unknown length (chunked, or
 * a Request built in memory as the tests do) is counted while it streams, by Hono's middleware.
 */
export function limitBody(maxSize: number): CallStep {
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    const headers = c.req.raw.headers;
    const length = headers.get('content-length');
    if (length !== null && !headers.has('transfer-encoding')) {
      return parseInt(length, 10) > maxSize ? tooLarge(c) : next();
    }
    // Hono's middleware hands back what `next` answers, as a step does.
    return streamed(c, next as unknown as Next) as Promise<Response>;
  };
}
