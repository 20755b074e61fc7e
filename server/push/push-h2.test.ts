/**
 * HTTPS push services over HTTP/2 (push-h2.ts through push-request.ts): a fan-out shares one session within the
 * service's stream limit, every status comes back as it was sent, a session sent away is replaced, an idle one is
 * closed, a service that answers HTTP/1.1 gets the kept-alive connections, and the connection still goes through
 * the public-address lookup. The services are local, with a self-signed certificate made by openssl.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2, { type Http2SecureServer, type ServerHttp2Session } from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NonPublicAddressError, type ResolveHost } from './public-address';
import type { PushRequest } from './push-message';
import { createPushPoster, SOCKETS_PER_ORIGIN } from './push-request';

const NAME = 'push.service.fr';
let tlsFiles: { key: Buffer; cert: Buffer };
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'push-h2-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
      '-subj',
      `/CN=${NAME}`,
      '-addext',
      `subjectAltName=IP:127.0.0.1,DNS:${NAME}`,
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  tlsFiles = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
});

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

type Answer = (path: string, respond: (status: number, headers?: Record<string, string>) => void) => void;
const created: Answer = (_path, respond) => setTimeout(() => respond(201), 5);

/** A local HTTP/2 push service that counts its connections, sessions and streams in flight. */
async function h2Service(options: { maxConcurrentStreams?: number; answer?: Answer } = {}) {
  const counts = { connections: 0, sessions: 0, pushes: 0, inFlight: 0, maxInFlight: 0 };
  const received: Array<{ headers: http2.IncomingHttpHeaders; body: string }> = [];
  const sessions: ServerHttp2Session[] = [];
  const server: Http2SecureServer = http2.createSecureServer({
    ...tlsFiles,
    settings: { maxConcurrentStreams: options.maxConcurrentStreams ?? 100 },
  });
  server.on('connection', () => (counts.connections += 1));
  server.on('session', (session) => {
    counts.sessions += 1;
    sessions.push(session);
  });
  server.on('stream', (stream, headers) => {
    counts.inFlight += 1;
    counts.maxInFlight = Math.max(counts.maxInFlight, counts.inFlight);
    stream.on('close', () => (counts.inFlight -= 1));
    stream.on('error', () => undefined);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      counts.pushes += 1;
      received.push({ headers, body: Buffer.concat(chunks).toString() });
      (options.answer ?? created)(String(headers[':path']), (status, more = {}) => {
        if (!stream.destroyed) stream.respond({ ':status': status, ...more }, { endStream: true });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const session of sessions) session.destroy();
    server.close();
  });
  const port = (server.address() as AddressInfo).port;
  return {
    counts,
    received,
    sessions,
    port,
    endpoint: (path: string | number, host = '127.0.0.1') => `https://${host}:${port}/push/${path}`,
  };
}

const push = (timeoutMs = 5000): PushRequest => ({
  method: 'POST',
  headers: { TTL: '60', 'Content-Type': 'application/octet-stream' },
  body: Buffer.from('x'),
  timeoutMs,
});

const poster = (more: { resolve?: ResolveHost; allowLocal?: boolean; idleMs?: number } = {}) =>
  createPushPoster({ allowLocal: true, ca: tlsFiles.cert, ...more });

describe('pushes over HTTP/2', () => {
  it('sends a fan-out of 100 pushes over one session, within the streams the service allows, and reuses it', async () => {
    const service = await h2Service({ maxConcurrentStreams: 10 });
    const post = poster();
    const fanOut = () => Promise.all(Array.from({ length: 100 }, (_, i) => post(service.endpoint(i), push())));
    expect((await fanOut()).every((answer) => answer.status === 201)).toBe(true);
    expect((await fanOut()).every((answer) => answer.status === 201)).toBe(true);
    expect(service.counts).toMatchObject({ connections: 1, sessions: 1, pushes: 200 });
    expect(service.counts.maxInFlight).toBe(10);
    expect(service.received[0].headers).toMatchObject({ ':method': 'POST', ttl: '60', 'content-type': 'application/octet-stream' });
    expect(service.received.map((r) => r.body).join('')).toBe('x'.repeat(200));
  });

  it('answers each status and Retry-After as the push service sent them', async () => {
    const service = await h2Service({
      answer: (path, respond) => {
        const status = Number(path.split('/').pop());
        respond(status, status === 429 ? { 'retry-after': '30' } : {});
      },
    });
    const post = poster();
    const answers = await Promise.all([201, 404, 410, 413, 429, 500].map((status) => post(service.endpoint(status), push())));
    expect(answers).toEqual([
      { status: 201, retryAfter: null },
      { status: 404, retryAfter: null },
      { status: 410, retryAfter: null },
      { status: 413, retryAfter: null },
      { status: 429, retryAfter: '30' },
      { status: 500, retryAfter: null },
    ]);
    expect(service.counts.sessions).toBe(1);
  });

  it('opens a new session for the next pushes once the service sends GOAWAY or cuts the connection', async () => {
    const service = await h2Service();
    const post = poster();
    expect((await post(service.endpoint(1), push())).status).toBe(201);
    service.sessions[0].goaway();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answers = await Promise.all([2, 3, 4].map((i) => post(service.endpoint(i), push())));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(service.counts).toMatchObject({ sessions: 2, pushes: 4 });
    // A connection cut without a word is replaced too.
    service.sessions[1].destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await post(service.endpoint(5), push())).status).toBe(201);
    expect(service.counts).toMatchObject({ sessions: 3, pushes: 5 });
  });

  it('gives up on a silent service per push, counting from its own stream, not from the queue', async () => {
    const service = await h2Service({ maxConcurrentStreams: 2, answer: () => undefined });
    const post = poster();
    const started = performance.now();
    const outcomes = await Promise.allSettled([1, 2, 3].map((i) => post(service.endpoint(i), push(200))));
    expect(outcomes.map((o) => o.status === 'rejected' && String(o.reason))).toEqual(
      Array(3).fill('Error: no answer from the push service in 200 ms'),
    );
    // The third waited for a stream until the first two gave up, then had its own 200 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(service.counts).toMatchObject({ sessions: 1, pushes: 3, maxInFlight: 2 });
  });

  it('closes a session idle for idleMs', async () => {
    const service = await h2Service();
    const post = poster({ idleMs: 100 });
    expect((await post(service.endpoint(1), push())).status).toBe(201);
    const closed = new Promise((resolve) => service.sessions[0].on('close', resolve));
    const started = performance.now();
    await closed;
    expect(performance.now() - started).toBeGreaterThanOrEqual(80);
    // The next push opens a new one.
    expect((await post(service.endpoint(2), push())).status).toBe(201);
    expect(service.counts.sessions).toBe(2);
  });

  it('sends to a service that answers HTTP/1.1 over kept-alive connections, asking it only once', async () => {
    const counts = { connections: 0, pushes: 0 };
    const server = https.createServer(tlsFiles, (req, res) => {
      req.resume();
      req.on('end', () => {
        counts.pushes += 1;
        setTimeout(() => res.writeHead(201).end(), 5);
      });
    });
    server.on('connection', () => (counts.connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      server.closeAllConnections();
      server.close();
    });
    const endpoint = (i: number) => `https://127.0.0.1:${(server.address() as AddressInfo).port}/push/${i}`;
    const post = poster();
    const fanOut = () => Promise.all(Array.from({ length: 50 }, (_, i) => post(endpoint(i), push())));
    expect((await fanOut()).every((answer) => answer.status === 201)).toBe(true);
    expect((await fanOut()).every((answer) => answer.status === 201)).toBe(true);
    // One connection for the ALPN answer, then the agent's.
    expect(counts).toEqual({ connections: 1 + SOCKETS_PER_ORIGIN, pushes: 100 });
  });

  it('connects through the lookup: a name resolving inside the network is refused before any connection', async () => {
    const service = await h2Service();
    const resolve: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const refused = poster({ resolve, allowLocal: false });
    const error = await refused(service.endpoint(1, NAME), push()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NonPublicAddressError);
    expect(String(error)).toContain(`${NAME}: resolves to 127.0.0.1`);
    expect(service.counts.connections).toBe(0);
    // The same name reaches the service when local addresses are allowed (the test-only setting): the resolver is the road.
    const allowed = poster({ resolve, allowLocal: true });
    expect((await allowed(service.endpoint(1, NAME), push())).status).toBe(201);
    expect(service.counts).toMatchObject({ connections: 1, sessions: 1 });
  });
});
