import * as v from 'valibot';
import { ApiErrorBody } from '../contract';
import { apiBaseUrl } from './base-url';
import { type ApiFailure, type ApiResult, UNEXPECTED_MESSAGE } from './failure';
import { loading } from './loading';
import { getToken } from '../session/token';

/** The spec's retry policy: these statuses are worth another try. */
export const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_WAIT_MS = 5_000;

export interface CallOptions<S extends v.GenericSchema | undefined> {
  /** JSON body, or FormData for a multipart upload. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Validates the answer's `data`; without it the answer is returned as is. */
  schema?: S;
  /** Retries on RETRYABLE statuses and lost connections: 1 for GET, 0 for writes unless said otherwise. */
  retries?: number;
  /** A 500 shows the full error page unless the caller handles it itself. */
  showErrorPage?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Handlers = {
  unauthorized: (failure: ApiFailure) => void;
  serverError: (failure: ApiFailure & { kind: 'server' }) => void;
};
const handlers: Partial<Handlers> = {};

/** The app shell decides what a 401 and a 500 do (clear the session, show the error page): not the client. */
export function onApiEvent<K extends keyof Handlers>(event: K, handler: Handlers[K]) {
  handlers[event] = handler;
  return () => {
    if (handlers[event] === handler) delete handlers[event];
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function retryDelay(res: Response | null, attempt: number) {
  const header = res?.headers.get('Retry-After');
  const seconds = header ? Number(header) : NaN;
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, MAX_RETRY_WAIT_MS);
  return Math.min(300 * 2 ** attempt, MAX_RETRY_WAIT_MS) * (0.5 + Math.random() / 2);
}

async function failureFrom(res: Response): Promise<ApiFailure> {
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
  if (res.status >= 500) return { kind: 'server', status: res.status, message };
  return { kind: 'refused', status: res.status, message };
}

/** One call to /v1, with the bearer token, the retry policy and the global loading indicator. */
export async function call<T = unknown, S extends v.GenericSchema | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions<S> = {},
): Promise<ApiResult<S extends v.GenericSchema ? v.InferOutput<S> : T>> {
  const retries = options.retries ?? (method === 'GET' ? 1 : 0);
  const url = new URL(`${apiBaseUrl()}${path}`, globalThis.location?.origin ?? 'http://localhost:3333');
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  loading.start();
  try {
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      try {
        res = await fetch(url, { method, headers, body, signal: options.signal });
      } catch {
        if (options.signal?.aborted || attempt >= retries) return { ok: false, failure: { kind: 'offline' } };
        await wait(retryDelay(null, attempt));
        continue;
      }
      if (res.ok) {
        const json = res.status === 204 ? null : await res.json().catch(() => null);
        const data = (json as { data?: unknown } | null)?.data ?? null;
        if (options.schema) {
          const parsed = v.safeParse(options.schema, data);
          if (!parsed.success) return { ok: false, failure: { kind: 'unexpected-answer', status: res.status, message: UNEXPECTED_MESSAGE } };
          return { ok: true, status: res.status, data: parsed.output as never };
        }
        return { ok: true, status: res.status, data: data as never };
      }
      if (RETRYABLE.has(res.status) && attempt < retries) {
        await wait(retryDelay(res, attempt));
        continue;
      }
      const failure = await failureFrom(res);
      if (failure.kind === 'unauthorized' && token) handlers.unauthorized?.(failure);
      if (failure.kind === 'server' && failure.status === 500 && options.showErrorPage !== false) handlers.serverError?.(failure);
      return { ok: false, failure };
    }
  } finally {
    loading.stop();
  }
}
