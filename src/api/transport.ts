import * as v from 'valibot';
import { ApiErrorBody } from '../contract/errors';
import { fillPath, type AnswerOf, type AnyEndpoint, type CallArgs } from '../contract/endpoint';
import { backoffDelay, retryAfterMs, type Backoff } from '../contract/retry';
import { type ApiFailure, type ApiResult, UNEXPECTED_MESSAGE } from './failure';

/**
 * The one road to /v1, for the page and the service worker alike: the request built from the endpoint
 * table, the bearer token, the Idempotency-Key, the retry with the project's one backoff (and the server's
 * Retry-After, in either form), the answer validated, and failures as values. Each side gives its own
 * environment: where the token comes from, and what a 401 or a 500 does there.
 */
export interface TransportEnv {
  /** Absolute address of the API's origin, without a trailing slash. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** The bearer token to send, if any (read afresh for each call). */
  token(): string | null | Promise<string | null>;
  /** `token` was refused: the session is over (only raised when a token was sent). */
  onUnauthorized?(failure: ApiFailure & { kind: 'unauthorized' }, token: string): void;
  /** A 500 on a call that asked for the error page. */
  onServerError?(failure: ApiFailure & { kind: 'server' }): void;
  /**
   * The server answered a call itself (a status below 500: a 5xx may come from a proxy or a server that cannot
   * work): whoever waits for it to come back (the outbox's replayer) hears it at once.
   */
  onServerAnswered?(): void;
  /** The global loading indicator, when this side has one. */
  loading?: { start(): void; stop(): void };
  random?: () => number;
  now?: () => number;
}

export interface SendOptions {
  /** Retries on RETRYABLE statuses and lost connections: 1 for GET, 0 for writes unless said otherwise. */
  retries?: number;
  idempotencyKey?: string;
  /** A 500 shows the full error page only where the caller asks for it (it has nothing better to show). */
  showErrorPage?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A raw answer (a ZIP to save) is read as a Blob instead of being left unread. */
  asBlob?: boolean;
}

/** The spec's retry policy: these statuses are worth another try. */
export const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** A call the user waits on retries quickly and not for long. */
export const CALL_BACKOFF: Backoff = { baseMs: 300, maxMs: 5_000, jitter: 0.5 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** `navigator.onLine` false is sure (true only means some network is there); page and worker both have it. */
const knownOffline = () => globalThis.navigator?.onLine === false;

/** Builds the request an endpoint's arguments describe. */
export function buildRequest(
  env: Pick<TransportEnv, 'baseUrl'>,
  endpoint: AnyEndpoint,
  args: CallArgs<AnyEndpoint>,
  token: string | null,
  options: SendOptions = {},
) {
  const { params, body, query } = args as {
    params?: Record<string, string>;
    body?: unknown;
    query?: Record<string, string | number | undefined>;
  };
  const url = new URL(`${env.baseUrl}${fillPath(endpoint.path, (params ?? {}) as never)}`);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) requestBody = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }
  return { url, init: { method: endpoint.method, headers, body: requestBody, signal: options.signal } satisfies RequestInit };
}

async function failureFrom(res: Response, now: number): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: the status alone speaks
  }
  const parsed = v.safeParse(ApiErrorBody, body);
  const message = parsed.success ? parsed.output.message : UNEXPECTED_MESSAGE;
  if (res.status === 401) return { kind: 'unauthorized', message };
  if (res.status === 422 && parsed.success) return { kind: 'invalid', status: 422, message, errors: parsed.output.errors ?? [] };
  const retryAfter = retryAfterMs(res.headers.get('Retry-After'), now);
  if (res.status >= 500) return { kind: 'server', status: res.status, message, retryAfterMs: retryAfter };
  return { kind: 'refused', status: res.status, message, retryAfterMs: retryAfter };
}

/** Reads a successful answer as the endpoint declares it. */
async function answerOf(endpoint: AnyEndpoint, res: Response, asBlob = false): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const { answer } = endpoint;
  if (asBlob && answer !== 'empty' && 'raw' in answer) return { ok: true, value: await res.blob() };
  if (answer === 'empty' || 'raw' in answer || res.status === 204) return { ok: true, value: null };
  const json = await res.json().catch(() => undefined);
  const value = 'data' in answer ? (json as { data?: unknown } | undefined)?.data : json;
  const parsed = v.safeParse('data' in answer ? answer.data : answer.body, value);
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false };
}

/** One call to /v1 through `env`. Never throws for what the network or the server does: failures are values. */
export async function send<E extends AnyEndpoint>(
  env: TransportEnv,
  endpoint: E,
  args: CallArgs<E>,
  options: SendOptions = {},
): Promise<ApiResult<AnswerOf<E>>> {
  const retries = options.retries ?? (endpoint.method === 'GET' ? 1 : 0);
  const token = endpoint.auth ? await env.token() : null;
  const { url, init } = buildRequest(env, endpoint, args as CallArgs<AnyEndpoint>, token, options);
  const doFetch = env.fetch ?? globalThis.fetch.bind(globalThis);
  const now = env.now ?? Date.now;
  const delay = (attempt: number, res: Response | null) =>
    backoffDelay(CALL_BACKOFF, attempt, { retryAfterMs: retryAfterMs(res?.headers.get('Retry-After'), now()), random: env.random });

  env.loading?.start();
  try {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, init);
      } catch {
        // The device says it has no network: another try would only keep the caller from what it holds.
        if (options.signal?.aborted || attempt >= retries || knownOffline()) return { ok: false, failure: { kind: 'offline' } };
        await wait(delay(attempt, null));
        continue;
      }
      if (res.status < 500) env.onServerAnswered?.();
      if (!res.ok && RETRYABLE.has(res.status) && attempt < retries) {
        await wait(delay(attempt, res));
        continue;
      }
      return resultOf(env, endpoint, res, token, options);
    }
  } finally {
    env.loading?.stop();
  }
}

/**
 * What an answer of `endpoint` means, as `send` reads it: its data validated, or a typed failure (the 401 and
 * the 500 signalled as `send` does). Also reads the answers of a batch's writes (src/outbox/send-batch.ts).
 */
export async function resultOf<E extends AnyEndpoint>(
  env: Pick<TransportEnv, 'onUnauthorized' | 'onServerError' | 'now'>,
  endpoint: E,
  res: Response,
  token: string | null,
  options: Pick<SendOptions, 'showErrorPage' | 'asBlob'> = {},
): Promise<ApiResult<AnswerOf<E>>> {
  if (res.ok) {
    const read = await answerOf(endpoint, res, options.asBlob);
    if (!read.ok) return { ok: false, failure: { kind: 'unexpected-answer', status: res.status, message: UNEXPECTED_MESSAGE } };
    return { ok: true, status: res.status, data: read.value as AnswerOf<E> };
  }
  const failure = await failureFrom(res, (env.now ?? Date.now)());
  if (failure.kind === 'unauthorized' && token) env.onUnauthorized?.(failure, token);
  if (failure.kind === 'server' && failure.status === 500 && options.showErrorPage) env.onServerError?.(failure);
  return { ok: false, failure };
}

/** The status a failure carries, or 'offline' (what the error classes of the pulls keep). */
export const failureStatus = (failure: ApiFailure): number | 'offline' =>
  failure.kind === 'offline' ? 'offline' : failure.kind === 'unauthorized' ? 401 : failure.status;

/** A read that did not reach the server, or that it refused: thrown for TanStack Query to keep what it had. */
export class FetchFailed extends Error {
  constructor(readonly status: number | 'offline') {
    super(status === 'offline' ? 'offline' : `HTTP ${status}`);
  }
}
