import { afterEach, beforeEach, vi } from 'vitest';
import type { ApiFailure } from '../api/failure';
import { onApiEvent } from '../api/client';
import type { FetchFailed } from '../api/transport';
import { clearToken, setToken } from '../session/token';

/** An answer of the API: a JSON body with its status. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs `fetch` with a server answering every call with `answer`; answers the calls it saw, with their token. */
export function stubServer(answer: () => Response | Promise<Response>) {
  const requests: { url: URL; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      requests.push({ url: new URL(String(input)), auth: new Headers(init.headers).get('Authorization') });
      return answer();
    }),
  );
  return requests;
}

/** What a call threw (null if it did not), to look at its status. */
export const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as FetchFailed,
  );

/**
 * Each test of the file runs signed in (token `tok`) and the API client's `unauthorized` events are recorded in
 * the mock answered, cleared before each test. After each: signed out, stubbed globals undone.
 */
export function signedInHearingUnauthorized() {
  const unauthorized = vi.fn<(failure: ApiFailure) => void>();
  let stopListening = () => {};
  beforeEach(() => {
    setToken('tok');
    unauthorized.mockClear();
    stopListening = onApiEvent('unauthorized', unauthorized);
  });
  afterEach(() => {
    stopListening();
    clearToken();
    vi.unstubAllGlobals();
  });
  return unauthorized;
}
