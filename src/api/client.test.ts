// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, onApiEvent } from './client';
import { loading } from './loading';
import { TOKEN_KEY } from '../session/token';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

/** A stubbed fetch answering the given answers in order (the last one repeats), recording each request. */
function stubFetch(...answers: Answer[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetchStub = vi.fn(async (url: URL | string, init: RequestInit = {}) => {
    requests.push({ url: String(url), init });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

/** Retry-After: 0 keeps the retry immediate where the delay is not the subject. */
const now = (status: number, body: unknown = { message: `statut ${status}`, http_code: status }) => ({ status, body, headers: { 'Retry-After': '0' } });
const ok = { status: 200, body: { data: { id: 'x' } } };

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  expect(loading.isLoading()).toBe(false);
});

describe('the retry policy', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    const requests = stubFetch(now(status), ok);
    const result = await call('GET', '/v1/users/me');
    expect(requests).toHaveLength(2);
    expect(result).toEqual({ ok: true, status: 200, data: { id: 'x' } });
  });

  it.each([408, 500, 503])('gives up after one retry of a GET on %i', async (status) => {
    const requests = stubFetch(now(status));
    const result = await call('GET', '/v1/users/me', { showErrorPage: false });
    expect(requests).toHaveLength(2);
    expect(result.ok).toBe(false);
  });

  it.each([400, 404])('does not retry a GET on %i', async (status) => {
    const requests = stubFetch(now(status), ok);
    const result = await call('GET', '/v1/villages/1');
    expect(requests).toHaveLength(1);
    expect(result).toEqual({ ok: false, failure: { kind: 'refused', status, message: `statut ${status}` } });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('does not retry a %s by default, only when asked', async (method) => {
    const once = stubFetch(now(503), ok);
    expect((await call(method, '/v1/villages', { body: {} })).ok).toBe(false);
    expect(once).toHaveLength(1);
    const asked = stubFetch(now(503), ok);
    expect((await call(method, '/v1/villages', { body: {}, retries: 1 })).ok).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('waits as long as Retry-After says', async () => {
    vi.useFakeTimers();
    const requests = stubFetch({ status: 429, body: { message: 'trop', http_code: 429 }, headers: { 'Retry-After': '2' } }, ok);
    const pending = call('GET', '/v1/villages');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect((await pending).ok).toBe(true);
  });
});

describe('failures as values', () => {
  it('maps a lost connection to offline, after the GET retry', async () => {
    vi.useFakeTimers();
    const requests = stubFetch('network-error');
    const pending = call('GET', '/v1/villages');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toEqual({ ok: false, failure: { kind: 'offline' } });
    expect(requests).toHaveLength(2);
  });

  it('maps a 422 to invalid with the field errors', async () => {
    stubFetch({ status: 422, body: { message: 'Données invalides', http_code: 422, errors: [{ field: 'email', message: "L'email n'est pas valide" }] } });
    expect(await call('POST', '/v1/auth/register', { body: {} })).toEqual({
      ok: false,
      failure: { kind: 'invalid', status: 422, message: 'Données invalides', errors: [{ field: 'email', message: "L'email n'est pas valide" }] },
    });
  });

  it('sends the bearer token when signed in', async () => {
    localStorage.setItem(TOKEN_KEY, 'the-token');
    const requests = stubFetch(ok);
    await call('GET', '/v1/users/me', { query: { include: 'photo' } });
    expect((requests[0].init.headers as Record<string, string>).Authorization).toBe('Bearer the-token');
    expect(new URL(requests[0].url).search).toBe('?include=photo');
  });
});

describe('the 401 and 500 events', () => {
  it('raises unauthorized on a 401 only when a token was sent', async () => {
    const unauthorized = vi.fn();
    const off = onApiEvent('unauthorized', unauthorized);
    stubFetch({ status: 401, body: { message: 'Non authentifié', http_code: 401 } });
    expect(await call('POST', '/v1/auth/login', { body: {} })).toEqual({ ok: false, failure: { kind: 'unauthorized', message: 'Non authentifié' } });
    expect(unauthorized).not.toHaveBeenCalled();
    localStorage.setItem(TOKEN_KEY, 'stale');
    await call('GET', '/v1/users/me');
    expect(unauthorized).toHaveBeenCalledTimes(1);
    off();
  });

  it('raises serverError on a 500 with the body’s message, unless the caller opted out', async () => {
    const serverError = vi.fn();
    const off = onApiEvent('serverError', serverError);
    stubFetch(now(500, { message: 'Erreur serveur', http_code: 500 }));
    await call('POST', '/v1/villages', { body: {} });
    expect(serverError).toHaveBeenCalledWith({ kind: 'server', status: 500, message: 'Erreur serveur' });
    await call('POST', '/v1/villages', { body: {}, showErrorPage: false });
    expect(serverError).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('the loading indicator', () => {
  it('is on while a call is under way and back to idle after success or failure', async () => {
    let release!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = () => resolve(new Response(null, { status: 204 }))))),
    );
    const pending = call('DELETE', '/v1/villages/1');
    expect(loading.isLoading()).toBe(true);
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await pending;
    expect(loading.isLoading()).toBe(false);
    stubFetch(now(404));
    await call('GET', '/v1/villages/1');
    expect(loading.isLoading()).toBe(false);
  });
});
