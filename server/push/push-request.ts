import http from 'node:http';
import https from 'node:https';
import { createH2Poster } from './push-h2';
import { NonPublicAddressError, publicOnlyLookup, refusedUrl, systemResolve, type ResolveHost } from './public-address';
import type { PushRequest, PushResponse } from './push-message';

/**
 * Connections kept open to one push service. Unbounded, a 500-device fan-out opened one per push: on HTTPS
 * 500 TLS handshakes, and past Node's 256 kept-alive sockets per origin the extra ones were handshaken
 * again at every message (0.55-0.64 s of CPU for 500 posts here, against 0.08-0.17 s with 16). Sixteen keep
 * a fan-out to one service at about 30 round trips.
 */
export const SOCKETS_PER_ORIGIN = 16;

export type PostPush = (endpoint: string, request: PushRequest) => Promise<PushResponse>;

/**
 * The only road from the server to push services: connections with a `lookup` that refuses every address
 * not on the public internet, so the check is made on the address the connection actually uses (a name
 * that pointed outside at registration may point inside now). A literal address in the endpoint never
 * goes through a lookup, so the endpoint is checked first as at registration: subscriptions stored
 * before that check existed are refused too. Redirects are not followed. Rejects with
 * NonPublicAddressError when the push service is not on the public internet. HTTPS push services are
 * asked for HTTP/2 (push-h2.ts: one session per origin); those that answer HTTP/1.1, and the plain http
 * of tests, go through node:http(s) with a few kept-alive connections.
 */
export function createPushPoster(
  options: {
    resolve?: ResolveHost;
    allowLocal?: boolean;
    /** Certificates trusted beside the system's: a test's own push service. */
    ca?: string | Buffer;
    /** How long an HTTP/2 session with nothing in flight stays open (push-h2.ts). */
    idleMs?: number;
  } = {},
): PostPush {
  const allowLocal = options.allowLocal ?? false;
  const lookup = publicOnlyLookup(options.resolve ?? systemResolve, allowLocal);
  // Pushes to one push service (most devices share a few) reuse a few connections, the others waiting their turn.
  const pool = { keepAlive: true, maxSockets: SOCKETS_PER_ORIGIN, maxFreeSockets: SOCKETS_PER_ORIGIN };
  const agents = { 'https:': new https.Agent({ ...pool, ca: options.ca }), 'http:': new http.Agent(pool) };
  const http1 = (url: URL, request: PushRequest) => {
    const client = url.protocol === 'http:' ? http : https;
    return new Promise<PushResponse>((resolve, reject) => {
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers: request.headers,
          agent: agents[url.protocol as 'http:' | 'https:'],
          lookup,
          timeout: request.timeoutMs,
        },
        (response) => {
          // Only the status matters; the body is read and dropped so that the connection can be reused.
          response.on('error', () => undefined).resume();
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from the push service in ${request.timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body ?? undefined);
    });
  };
  const h2 = createH2Poster({ lookup, ca: options.ca, http1, idleMs: options.idleMs });
  return (endpoint, request) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return Promise.reject(new NonPublicAddressError(endpoint, 'not a URL'));
    }
    const refused = refusedUrl(url, allowLocal);
    if (refused) return Promise.reject(new NonPublicAddressError(endpoint, refused));
    return url.protocol === 'https:' ? h2(url, request) : http1(url, request);
  };
}
