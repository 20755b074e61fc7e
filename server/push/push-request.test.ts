/**
 * The connections of a fan-out (push-request.ts): a push service gets at most SOCKETS_PER_ORIGIN of them, kept
 * open for the next message, every push still answered; and one that never answers is given up on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushRequest } from './push-message';
import { createPushPoster, SOCKETS_PER_ORIGIN } from './push-request';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A local push service that counts its connections and answers each push after `delayMs` (never if null). */
async function pushService(delayMs: number | null) {
  const counts = { connections: 0, pushes: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      counts.pushes += 1;
      if (delayMs !== null) setTimeout(() => res.writeHead(201).end(), delayMs);
    });
  });
  server.on('connection', () => (counts.connections += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { counts, endpoint: (i: number) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${i}` };
}

const push = (timeoutMs = 5000): PushRequest => ({ method: 'POST', headers: { TTL: '60' }, body: Buffer.from('x'), timeoutMs });

describe('createPushPoster', () => {
  it('sends a fan-out of 100 pushes to one service over at most 16 connections, and reuses them for the next', async () => {
    const service = await pushService(5);
    const post = createPushPoster({ allowLocal: true });
    const fanOut = () => Promise.all(Array.from({ length: 100 }, (_, i) => post(service.endpoint(i), push())));
    expect((await fanOut()).every((answer) => answer.status === 201)).toBe(true);
    expect(service.counts.connections).toBe(SOCKETS_PER_ORIGIN);
    expect((await fanOut()).every((answer) => answer.status === 201)).toBe(true);
    expect(service.counts).toEqual({ connections: SOCKETS_PER_ORIGIN, pushes: 200 });
  });

  it('gives up on a push service that does not answer, counting from its connection, not from the queue', async () => {
    const silent = await pushService(null);
    const post = createPushPoster({ allowLocal: true });
    const started = performance.now();
    await expect(post(silent.endpoint(1), push(200))).rejects.toThrow(/no answer from the push service in 200 ms/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    // Pushes waiting for one of its 16 connections are each given their full time once they have one.
    const waiting = Array.from({ length: SOCKETS_PER_ORIGIN + 1 }, (_, i) => post(silent.endpoint(i), push(200)));
    const outcomes = await Promise.allSettled(waiting);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(silent.counts.pushes).toBe(1 + SOCKETS_PER_ORIGIN + 1);
  });
});
