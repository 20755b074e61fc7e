import http2, { type ClientHttp2Session, type OutgoingHttpHeaders } from 'node:http2';
import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import type { PushRequest, PushResponse } from './push-message';

/**
 * Pushes to an HTTPS push service over one HTTP/2 session per origin (FCM, Mozilla, Apple and Microsoft all
 * speak it): 500 posts over one session cost 51-101 ms of CPU here against 74-230 ms over 16 HTTPS/1.1
 * connections. The protocol is chosen by ALPN on a TLS connection made here, with the poster's `lookup`, so the
 * public-address check is made on the address this connection uses too. An origin that answers HTTP/1.1 (or
 * nothing) is remembered and its pushes go through `http1`, the kept-alive agents of push-request.ts.
 */

/** Streams one session carries at once at most, whatever the push service allows; the others wait their turn. */
export const MAX_STREAMS_PER_SESSION = 100;
/** A session with nothing in flight for this long is closed (and meanwhile does not keep the process alive). */
export const SESSION_IDLE_MS = 60_000;

type Http1 = (url: URL, request: PushRequest) => Promise<PushResponse>;

interface Waiting {
  url: URL;
  request: PushRequest;
  resolve: (response: PushResponse) => void;
  reject: (error: Error) => void;
  /** Already sent once on a session that refused its stream unprocessed (safe to send again, RFC 9113 §8.7). */
  retried: boolean;
}

interface Session {
  h2: ClientHttp2Session | null;
  /** The push service's SETTINGS arrived: how many streams it takes is known. */
  ready: boolean;
  active: number;
  idle: NodeJS.Timeout | null;
}

interface Origin {
  http1: boolean;
  session: Session | null;
  queue: Waiting[];
}

const noAnswer = (request: PushRequest) => new Error(`no answer from the push service in ${request.timeoutMs} ms`);

// node:http2 lowercases the names itself.
const headersOf = (url: URL, request: PushRequest): OutgoingHttpHeaders => ({
  ...request.headers,
  ':method': request.method,
  ':path': url.pathname + url.search,
});

export function createH2Poster(options: { lookup: LookupFunction; ca?: string | Buffer; http1: Http1; idleMs?: number }) {
  const idleMs = options.idleMs ?? SESSION_IDLE_MS;
  const origins = new Map<string, Origin>();

  const failQueue = (origin: Origin, error: Error) => {
    for (const waiting of origin.queue.splice(0)) waiting.reject(error);
  };

  const drop = (origin: Origin, session: Session) => {
    if (session.idle) clearTimeout(session.idle);
    if (origin.session !== session) return;
    origin.session = null;
    // Pushes still waiting get a new session.
    pump(origin);
  };

  /** A TLS connection offering h2 then HTTP/1.1; the first waiting push's timeout bounds the connection. */
  function open(origin: Origin, url: URL) {
    const session: Session = { h2: null, ready: false, active: 0, idle: null };
    origin.session = session;
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const timeout = origin.queue[0].request;
    const failed = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      session.h2?.destroy();
      if (origin.session === session) origin.session = null;
      failQueue(origin, error);
    };
    const timer = setTimeout(() => failed(noAnswer(timeout)), timeout.timeoutMs);
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      servername: isIP(host) === 0 ? host : undefined,
      ALPNProtocols: ['h2', 'http/1.1'],
      lookup: options.lookup,
      ca: options.ca,
    });
    socket.once('error', failed);
    socket.once('secureConnect', () => {
      if (socket.alpnProtocol !== 'h2') {
        clearTimeout(timer);
        socket.removeListener('error', failed);
        socket.destroy();
        origin.http1 = true;
        origin.session = null;
        pump(origin);
        return;
      }
      const h2 = http2.connect(url.origin, { createConnection: () => socket, settings: { enablePush: false } });
      session.h2 = h2;
      h2.once('remoteSettings', () => {
        clearTimeout(timer);
        socket.removeListener('error', failed);
        session.ready = true;
        pump(origin);
      });
      h2.on('error', (error) => (session.ready ? drop(origin, session) : failed(error)));
      // A GOAWAY lets the streams in flight end but takes no new one; a closed session takes nothing.
      h2.on('goaway', () => drop(origin, session));
      h2.on('close', () => (session.ready ? drop(origin, session) : failed(new Error('the push service closed the connection'))));
    });
  }

  function start(origin: Origin, session: Session, h2: ClientHttp2Session, waiting: Waiting) {
    const { url, request } = waiting;
    session.active += 1;
    // The first of the stream's ends settles the push. A flag, not a named closure: run through tsx, each named
    // function made gets its name set by esbuild's __name, some 2 % of a 500-push fan-out's CPU for this one.
    let settled = false;
    let stream: http2.ClientHttp2Stream;
    try {
      stream = h2.request(headersOf(url, request), { endStream: request.body === null });
    } catch {
      // The session is closing (a GOAWAY not yet seen): this push waits for the next one.
      session.active -= 1;
      origin.queue.unshift(waiting);
      drop(origin, session);
      return;
    }
    // Counted from the stream's opening, not from the queue: a push waiting its turn keeps its full time.
    stream.setTimeout(request.timeoutMs, () => {
      if (!settled) waiting.reject(noAnswer(request));
      settled = true;
      stream.close(http2.constants.NGHTTP2_CANCEL);
    });
    stream.on('response', (headers) => {
      const retryAfter = headers['retry-after'];
      if (!settled) waiting.resolve({ status: Number(headers[':status']), retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
      settled = true;
      // Only the status matters; the body is read and dropped.
      stream.resume();
    });
    stream.on('error', (error) => {
      if (!settled) waiting.reject(error);
      settled = true;
    });
    stream.on('close', () => {
      session.active -= 1;
      if (settled) return pump(origin);
      settled = true;
      if (stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM && !waiting.retried) {
        origin.queue.push({ ...waiting, retried: true });
      } else waiting.reject(new Error(`the push service closed the stream (HTTP/2 code ${stream.rstCode})`));
      pump(origin);
    });
    if (request.body !== null) stream.end(request.body);
  }

  function pump(origin: Origin) {
    if (origin.http1) {
      for (const waiting of origin.queue.splice(0)) options.http1(waiting.url, waiting.request).then(waiting.resolve, waiting.reject);
      return;
    }
    const session = origin.session;
    if (!session) {
      if (origin.queue.length) open(origin, origin.queue[0].url);
      return;
    }
    const h2 = session.h2;
    if (!session.ready || !h2) return;
    // Closing (idle, or sent away before its event came): the waiting pushes go to a new session.
    if (h2.closed || h2.destroyed) return drop(origin, session);
    const limit = Math.min(MAX_STREAMS_PER_SESSION, h2.remoteSettings.maxConcurrentStreams ?? MAX_STREAMS_PER_SESSION);
    if (origin.queue.length && session.active < limit) {
      if (session.idle) clearTimeout(session.idle);
      session.idle = null;
      h2.ref();
      while (origin.session === session && origin.queue.length && session.active < limit) start(origin, session, h2, origin.queue.shift()!);
    }
    if (origin.session === session && session.active === 0 && !session.idle) {
      // Idle: it no longer keeps the process alive, and is closed after a while.
      h2.unref();
      session.idle = setTimeout(() => h2.close(), idleMs).unref();
    }
  }

  return (url: URL, request: PushRequest): Promise<PushResponse> => {
    let origin = origins.get(url.origin);
    if (!origin) origins.set(url.origin, (origin = { http1: false, session: null, queue: [] }));
    if (origin.http1) return options.http1(url, request);
    const queued = origin;
    return new Promise<PushResponse>((resolve, reject) => {
      queued.queue.push({ url, request, resolve, reject, retried: false });
      pump(queued);
    });
  };
}
