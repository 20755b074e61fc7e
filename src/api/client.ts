import type { AnswerOf, AnyEndpoint, CallArgs } from '../contract/endpoint';
import type { ApiFailure, ApiResult } from './failure';
import { apiBaseUrl } from './base-url';
import { loading } from './loading';
import { getToken } from '../session/token';
import { send, type SendOptions, type TransportEnv } from './transport';
import { reportServerAnswered } from './server-answered';

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

/**
 * The session is over: a call of the page's, or a replay or pull it ran, had its token refused. The shell
 * signs out and says why (session/session-expiry.ts).
 */
export const signalSessionExpired = (message = 'Non authentifié') => handlers.unauthorized?.({ kind: 'unauthorized', message });

/**
 * Only the refusal of the token still in use ends the session. A call sent before a sign-out (or before a new
 * sign-in) can answer 401 afterwards: acting on it signed out again, and the login form it reopened had lost
 * the address to come back to (CI caught it in phone-return-after-sign-in).
 */
const refused = (failure: ApiFailure, token: string) => {
  if (token === getToken()) handlers.unauthorized?.(failure);
};

/** The page's side of the transport: the stored token, the shell's handlers, the loading indicator. */
export const pageTransport: TransportEnv = {
  get baseUrl() {
    return apiBaseUrl() || (globalThis.location?.origin ?? 'http://localhost:3333');
  },
  token: getToken,
  onUnauthorized: refused,
  onServerError: (failure) => handlers.serverError?.(failure),
  onServerAnswered: reportServerAnswered,
  loading,
};

/** The same without the loading indicator: the page's work in the background (replay, pulls, feeds). */
export const quietTransport: TransportEnv = {
  get baseUrl() {
    return pageTransport.baseUrl;
  },
  token: getToken,
  onUnauthorized: refused,
  onServerAnswered: reportServerAnswered,
};

/** A call to /v1 from the page. */
export function call<E extends AnyEndpoint>(endpoint: E, args: CallArgs<E>, options?: SendOptions): Promise<ApiResult<AnswerOf<E>>> {
  return send(pageTransport, endpoint, args, options);
}

/** A call whose answer is a file (an export's ZIP): its bytes as a Blob, through the same transport. */
export function callForFile<E extends AnyEndpoint>(endpoint: E, args: CallArgs<E>): Promise<ApiResult<Blob>> {
  return send(pageTransport, endpoint, args, { asBlob: true }) as Promise<ApiResult<Blob>>;
}
