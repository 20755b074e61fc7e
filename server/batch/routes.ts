import type { Context } from 'hono';
import { batchMessages, runBatch, type BatchAnswer, type BatchWrite } from '../../src/contract/endpoints/batch';
import { text } from '../http/errors';
import type { AppEnv } from '../deps';
import { route, type App } from '../http/route';
import { isBatchable } from './batchable';

/** An answer that says to wait: the writes after it must not overtake it (the outbox keeps them in order). */
const saysToWait = (status: number) => status === 401 || status === 408 || status === 425 || status === 429 || status >= 500;

const NOT_BATCHABLE = 'Cette modification ne peut pas être envoyée dans un lot';
/** Whether the Fetch standard lets a header value hold `value`: Latin-1 characters but NUL, CR and LF (a key is at most 200). */
function fitsAHeader(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 0xff || code === 0x00 || code === 0x0a || code === 0x0d) return false;
  }
  return true;
}

/**
 * `POST /v1/batch`: the outbox's queued writes in one round trip. Each write goes through this same app as
 * if it had been sent alone (same route, validation, permission checks, Idempotency-Key, own transaction,
 * French refusals), one after the other, so a refusal undoes nothing but itself. The answers are
 * positional; they stop after the first that says to wait, and the writes after it are not tried, since
 * the client will send them again after that one, in order.
 */
export function batchRoutes(app: App) {
  route(app, runBatch, async (c, { body }) => {
    const answers: BatchAnswer[] = [];
    for (const write of body.writes) {
      const answer = await runOne(app, c, write);
      answers.push(answer);
      if (saysToWait(answer.status)) break;
    }
    return c.json({ data: answers }, 200);
  });
}

async function runOne(app: App, c: Context<AppEnv>, write: BatchWrite): Promise<BatchAnswer> {
  const url = new URL(write.path, c.req.url);
  if (!isBatchable(write.method, url.pathname)) return { status: 404, body: { message: NOT_BATCHABLE, http_code: 404 } };
  // Alone, a key travels as a header: one no header can carry (beyond Latin-1, a line break) is refused here,
  // as the write's own answer, rather than breaking the Request built below (a 500 for the whole batch).
  if (!fitsAHeader(write.idempotency_key)) {
    return {
      status: 422,
      body: { message: text.invalid, http_code: 422, errors: [{ field: 'idempotency_key', message: batchMessages.key }] },
    };
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: c.req.header('Authorization')!,
    'Idempotency-Key': write.idempotency_key,
  };
  if (write.body !== undefined) headers['Content-Type'] = 'application/json';
  const request = new Request(url, {
    method: write.method,
    headers,
    body: write.body === undefined ? undefined : JSON.stringify(write.body),
  });
  // The same bindings (the connection's address for rate limits and logs) as the batch itself.
  const res = await app.fetch(request, c.env);
  const answered = await res.text();
  const retryAfter = res.headers.get('Retry-After');
  return { status: res.status, body: jsonOrNull(answered), ...(retryAfter ? { retry_after: retryAfter } : {}) };
}

/** Every /v1 answer is JSON or empty; anything else is passed on as null, and its status speaks. */
function jsonOrNull(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
