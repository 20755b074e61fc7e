// @vitest-environment happy-dom
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoint } from '../contract/endpoint';
import { call, onApiEvent, quietTransport } from './client';
import { loading } from './loading';
import { CALL_BACKOFF, FetchFailed, failureStatus, send, type TransportEnv } from './transport';
import { TOKEN_KEY } from '../session/token';

// Endpoints of the transport's own, so each test says only what it needs (the real table is the contract's
// business, tested there). Their paths need no /v1 prefix: the transport adds nothing to them.
const Item = v.object({ id: v.string() });
const readItem = endpoint({
  name: 'readItem',
  method: 'GET',
  path: '/items/{id}',
  summary: 'One item',
  query: v.object({ include: v.optional(v.string()) }),
  answer: { data: Item },
});
const createItem = endpoint({
  name: 'createItem',
  method: 'POST',
  path: '/items',
  summary: 'Create',
  body: v.object({ name: v.string() }),
  answer: { data: Item },
});
const updateItem = endpoint({
  name: 'updateItem',
  method: 'PUT',
  path: '/items/{id}',
  summary: 'Change',
  body: v.object({ name: v.string() }),
  answer: { data: Item },
});
const deleteItem = endpoint({ name: 'deleteItem', method: 'DELETE', path: '/items/{id}', summary: 'Delete' });
const uploadItem = endpoint({
  name: 'uploadItem',
  method: 'POST',
  path: '/items/{id}/photo',
  summary: 'Upload',
  body: 'multipart',
  answer: { data: Item },
});
const itemPage = endpoint({
  name: 'itemPage',
  method: 'GET',
  path: '/items',
  summary: 'A page',
  answer: { body: v.object({ data: v.array(Item), pages: v.number() }) },
});
const signIn = endpoint({
  name: 'signIn',
  method: 'POST',
  path: '/sessions',
  summary: 'Sign in',
  auth: false,
  body: v.object({ name: v.string() }),
  answer: { data: Item },
});

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
type Sent = { url: string; init: RequestInit; headers: Headers };

/** A fetch answering the given answers in order (the last one repeats), recording each request. */
function fakeFetch(...answers: Answer[]) {
  const requests: Sent[] = [];
  const fetch = vi.fn(async (url: URL | string, init: RequestInit = {}) => {
    requests.push({ url: String(url), init, headers: new Headers(init.headers) });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

/** A test side of the transport: its own fetch and token, and records of what it was told. */
function testEnv(answers: Answer[], options: { token?: string | null; random?: () => number; now?: () => number } = {}) {
  const { fetch, requests } = fakeFetch(...answers);
  const unauthorized = vi.fn();
  const serverError = vi.fn();
  const env: TransportEnv = {
    baseUrl: 'https://api.example.test',
    fetch,
    token: () => options.token ?? null,
    onUnauthorized: unauthorized,
    onServerError: serverError,
    random: options.random ?? (() => 0),
    now: options.now,
  };
  return { env, requests, unauthorized, serverError };
}

const failing = (status: number, headers: Record<string, string> = {}) => ({
  status,
  body: { message: `statut ${status}`, http_code: status },
  headers,
});
const ok = { status: 200, body: { data: { id: 'x' } } };

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  expect(loading.isLoading()).toBe(false);
});

describe('the retry policy', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    vi.useFakeTimers();
    const { env, requests } = testEnv([failing(status), ok]);
    const pending = send(env, readItem, { params: { id: 'x' } });
    await vi.runAllTimersAsync();
    expect(await pending).toEqual({ ok: true, status: 200, data: { id: 'x' } });
    expect(requests).toHaveLength(2);
  });

  it.each([408, 500, 503])('gives up after one retry of a GET on %i', async (status) => {
    vi.useFakeTimers();
    const { env, requests } = testEnv([failing(status)]);
    const pending = send(env, readItem, { params: { id: 'x' } });
    await vi.runAllTimersAsync();
    expect((await pending).ok).toBe(false);
    expect(requests).toHaveLength(2);
  });

  it.each([400, 403, 404, 422])('does not retry a GET on %i', async (status) => {
    const { env, requests } = testEnv([failing(status), ok]);
    expect((await send(env, readItem, { params: { id: 'x' } })).ok).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('does not retry a write by default, only when asked', async () => {
    vi.useFakeTimers();
    const once = testEnv([failing(503), ok]);
    expect((await send(once.env, createItem, { body: { name: 'a' } })).ok).toBe(false);
    expect((await send(once.env, deleteItem, { params: { id: 'x' } })).ok).toBe(true);
    expect(once.requests).toHaveLength(2);
    const asked = testEnv([failing(503), ok]);
    const pending = send(asked.env, updateItem, { params: { id: 'x' }, body: { name: 'a' } }, { retries: 1 });
    await vi.runAllTimersAsync();
    expect((await pending).ok).toBe(true);
    expect(asked.requests).toHaveLength(2);
  });

  it('waits with the call backoff when the server says nothing', async () => {
    vi.useFakeTimers();
    // The lowest draw: half of the first wait (equal jitter).
    const { env, requests } = testEnv([failing(503), ok], { random: () => 0 });
    const pending = send(env, readItem, { params: { id: 'x' } });
    const firstWait = CALL_BACKOFF.baseMs * (1 - CALL_BACKOFF.jitter);
    await vi.advanceTimersByTimeAsync(firstWait - 1);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect((await pending).ok).toBe(true);
  });

  it('waits as long as Retry-After says, in seconds', async () => {
    vi.useFakeTimers();
    const { env, requests } = testEnv([failing(429, { 'Retry-After': '2' }), ok]);
    const pending = send(env, readItem, { params: { id: 'x' } });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect((await pending).ok).toBe(true);
  });

  it('waits as long as Retry-After says, as an HTTP date, on the transport’s clock', async () => {
    vi.useFakeTimers();
    const clock = Date.parse('2026-03-02T10:00:00Z');
    const { env, requests } = testEnv([failing(503, { 'Retry-After': 'Mon, 02 Mar 2026 10:00:03 GMT' }), ok], { now: () => clock });
    const pending = send(env, readItem, { params: { id: 'x' } });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect((await pending).ok).toBe(true);
  });

  it('keeps a Retry-After too long to wait for on the failure, for the caller to honour', async () => {
    vi.useFakeTimers();
    const { env } = testEnv([failing(429, { 'Retry-After': '120' })]);
    const pending = send(env, readItem, { params: { id: 'x' } });
    // A user waits on this call: the transport never waits more than the backoff's ceiling.
    await vi.advanceTimersByTimeAsync(CALL_BACKOFF.maxMs);
    expect(await pending).toEqual({ ok: false, failure: { kind: 'refused', status: 429, message: 'statut 429', retryAfterMs: 120_000 } });
  });
});

describe('the server heard from', () => {
  it('is said for any answer of its own, a refusal included, and not for a lost connection or a 5xx', async () => {
    const heard = vi.fn();
    for (const [answer, times] of [
      [{ status: 200, body: { data: { id: 'x' } } }, 1],
      [failing(404), 1],
      [failing(503), 0],
      ['network-error', 0],
    ] as const) {
      heard.mockClear();
      const { env } = testEnv([answer]);
      await send({ ...env, onServerAnswered: heard }, createItem, { body: { name: 'a' } });
      expect(heard, JSON.stringify(answer)).toHaveBeenCalledTimes(times);
    }
  });
});

describe('failures as values', () => {
  it('maps a lost connection to offline, after the GET retry', async () => {
    vi.useFakeTimers();
    const { env, requests } = testEnv(['network-error']);
    const pending = send(env, readItem, { params: { id: 'x' } });
    await vi.runAllTimersAsync();
    expect(await pending).toEqual({ ok: false, failure: { kind: 'offline' } });
    expect(requests).toHaveLength(2);
  });

  it('does not wait to retry a lost connection while the device says it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { env, requests } = testEnv(['network-error']);
    // No fake timers: a retry's wait (150 ms at least) would show as a second request or a hanging call.
    expect(await send(env, readItem, { params: { id: 'x' } })).toEqual({ ok: false, failure: { kind: 'offline' } });
    expect(requests).toHaveLength(1);
  });

  it('does not retry a call its caller aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { env, requests } = testEnv(['network-error']);
    expect(await send(env, readItem, { params: { id: 'x' } }, { signal: controller.signal })).toEqual({
      ok: false,
      failure: { kind: 'offline' },
    });
    expect(requests).toHaveLength(1);
  });

  it('maps a 422 to invalid with the field errors', async () => {
    const errors = [{ field: 'name', message: 'Le nom est obligatoire' }];
    const { env } = testEnv([{ status: 422, body: { message: 'Données invalides', http_code: 422, errors } }]);
    expect(await send(env, createItem, { body: { name: '' } })).toEqual({
      ok: false,
      failure: { kind: 'invalid', status: 422, message: 'Données invalides', errors },
    });
  });

  it('maps other refusals and server faults with the server’s French message, or a general one', async () => {
    const refused = testEnv([failing(403)]);
    expect(await send(refused.env, deleteItem, { params: { id: 'x' } })).toEqual({
      ok: false,
      failure: { kind: 'refused', status: 403, message: 'statut 403', retryAfterMs: null },
    });
    const server = testEnv([{ status: 502, body: '<html>Bad gateway</html>' }]);
    expect(await send(server.env, deleteItem, { params: { id: 'x' } })).toEqual({
      ok: false,
      failure: { kind: 'server', status: 502, message: 'Une erreur inattendue est survenue. Veuillez réessayer.', retryAfterMs: null },
    });
  });

  it('refuses an answer that does not match the endpoint’s schema', async () => {
    const { env } = testEnv([{ status: 200, body: { data: { id: 42 } } }]);
    expect(await send(env, readItem, { params: { id: 'x' } })).toEqual({
      ok: false,
      failure: { kind: 'unexpected-answer', status: 200, message: 'Une erreur inattendue est survenue. Veuillez réessayer.' },
    });
  });

  it('answers the whole body where the endpoint says so, and null for no content', async () => {
    const page = testEnv([{ status: 200, body: { data: [{ id: 'a' }], pages: 3 } }]);
    expect(await send(page.env, itemPage, {})).toEqual({ ok: true, status: 200, data: { data: [{ id: 'a' }], pages: 3 } });
    const empty = testEnv([{ status: 204 }]);
    expect(await send(empty.env, deleteItem, { params: { id: 'x' } })).toEqual({ ok: true, status: 204, data: null });
  });

  it('turns a failure into the error a query function throws', () => {
    expect(failureStatus({ kind: 'offline' })).toBe('offline');
    expect(failureStatus({ kind: 'unauthorized', message: 'Non authentifié' })).toBe(401);
    expect(failureStatus({ kind: 'refused', status: 404, message: 'Introuvable' })).toBe(404);
    const error = new FetchFailed(403);
    expect(error).toBeInstanceOf(Error);
    expect([error.status, error.message, new FetchFailed('offline').message]).toEqual([403, 'HTTP 403', 'offline']);
  });
});

describe('the request', () => {
  it('is built from the endpoint: method, filled and encoded path, query, JSON body', async () => {
    const { env, requests } = testEnv([ok]);
    await send(env, readItem, { params: { id: 'a/b' }, query: { include: 'photo' } });
    await send(env, createItem, { body: { name: 'Courses' } });
    expect(requests.map((r) => [r.init.method, r.url, r.init.body ?? null, r.headers.get('Content-Type')])).toEqual([
      ['GET', 'https://api.example.test/items/a%2Fb?include=photo', null, null],
      ['POST', 'https://api.example.test/items', '{"name":"Courses"}', 'application/json'],
    ]);
  });

  it('sends a file as multipart, leaving the boundary to the browser', async () => {
    const { env, requests } = testEnv([ok]);
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'p.png');
    await send(env, uploadItem, { params: { id: 'x' }, body: form });
    expect(requests[0].init.body).toBe(form);
    expect(requests[0].headers.get('Content-Type')).toBeNull();
  });

  it('carries the bearer token only to endpoints that need one', async () => {
    const { env, requests } = testEnv([ok], { token: 'the-token' });
    await send(env, readItem, { params: { id: 'x' } });
    await send(env, signIn, { body: { name: 'a' } });
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer the-token', null]);
  });

  it('keeps a token given by hand when none is stored (the sign-out sends the cleared one)', async () => {
    const { env, requests } = testEnv([{ status: 204 }], { token: null });
    await send(env, deleteItem, { params: { id: 'x' } }, { headers: { Authorization: 'Bearer old' } });
    expect(requests[0].headers.get('Authorization')).toBe('Bearer old');
  });

  it('sends the Idempotency-Key it is given, the same on a retry', async () => {
    vi.useFakeTimers();
    const { env, requests } = testEnv([failing(503), ok]);
    const pending = send(env, createItem, { body: { name: 'a' } }, { idempotencyKey: 'entry-1', retries: 1 });
    await vi.runAllTimersAsync();
    await pending;
    expect(requests.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['entry-1', 'entry-1']);
    const plain = testEnv([ok]);
    await send(plain.env, createItem, { body: { name: 'a' } });
    expect(plain.requests[0].headers.has('Idempotency-Key')).toBe(false);
  });
});

describe('the 401 and 500 events', () => {
  it('signals a refused token only when a token was sent', async () => {
    const guest = testEnv([failing(401)], { token: null });
    expect(await send(guest.env, readItem, { params: { id: 'x' } })).toEqual({
      ok: false,
      failure: { kind: 'unauthorized', message: 'statut 401' },
    });
    const wrongPassword = testEnv([failing(401)], { token: 'tok' });
    await send(wrongPassword.env, signIn, { body: { name: 'a' } });
    expect([guest.unauthorized, wrongPassword.unauthorized].map((handler) => handler.mock.calls.length)).toEqual([0, 0]);
    const expired = testEnv([failing(401)], { token: 'stale' });
    await send(expired.env, readItem, { params: { id: 'x' } });
    expect(expired.unauthorized).toHaveBeenCalledWith({ kind: 'unauthorized', message: 'statut 401' }, 'stale');
  });

  it('shows the error page on a 500 only where the caller asks for it', async () => {
    const { env, serverError } = testEnv([failing(500)]);
    await send(env, createItem, { body: { name: 'a' } });
    expect(serverError).not.toHaveBeenCalled();
    await send(env, createItem, { body: { name: 'a' } }, { showErrorPage: true });
    expect(serverError).toHaveBeenCalledExactlyOnceWith({ kind: 'server', status: 500, message: 'statut 500', retryAfterMs: null });
    const unavailable = testEnv([failing(503)]);
    await send(unavailable.env, createItem, { body: { name: 'a' } }, { showErrorPage: true });
    expect(unavailable.serverError).not.toHaveBeenCalled();
  });
});

describe('the page’s side', () => {
  it('sends the stored token and hands a refused one and an asked-for 500 to the shell', async () => {
    const { fetch, requests } = fakeFetch(failing(401), failing(500));
    vi.stubGlobal('fetch', fetch);
    const unauthorized = vi.fn();
    const serverError = vi.fn();
    const offs = [onApiEvent('unauthorized', unauthorized), onApiEvent('serverError', serverError)];
    localStorage.setItem(TOKEN_KEY, 'stored');
    await call(readItem, { params: { id: 'x' } }, { retries: 0 });
    await call(createItem, { body: { name: 'a' } }, { showErrorPage: true });
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer stored', 'Bearer stored']);
    expect(new URL(requests[0].url).pathname).toBe('/items/x');
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(serverError).toHaveBeenCalledWith({ kind: 'server', status: 500, message: 'statut 500', retryAfterMs: null });
    offs.forEach((off) => off());
  });

  it('shows the loading indicator while a call is under way, and back to idle after success or failure', async () => {
    let release!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = () => resolve(new Response(null, { status: 204 }))))),
    );
    const pending = call(deleteItem, { params: { id: 'x' } });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(loading.isLoading()).toBe(true);
    release();
    await pending;
    expect(loading.isLoading()).toBe(false);
    vi.stubGlobal('fetch', fakeFetch(failing(404)).fetch);
    await call(readItem, { params: { id: 'x' } });
    expect(loading.isLoading()).toBe(false);
  });

  it('leaves the indicator alone for background reads, which still signal a refused token', async () => {
    let release!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>(
            (resolve) => (release = () => resolve(new Response(JSON.stringify({ message: 'Non', http_code: 401 }), { status: 401 }))),
          ),
      ),
    );
    const unauthorized = vi.fn();
    const off = onApiEvent('unauthorized', unauthorized);
    localStorage.setItem(TOKEN_KEY, 'stale');
    const pending = send(quietTransport, readItem, { params: { id: 'x' } });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(loading.isLoading()).toBe(false);
    release();
    await pending;
    expect(unauthorized).toHaveBeenCalledTimes(1);
    off();
  });
});
