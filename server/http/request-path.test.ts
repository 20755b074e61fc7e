import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { AddressInfo } from 'node:net';
import { createWorld } from '../test/world';
import { serveApp } from './serve-node';
import { text as T } from './errors';
import { endpointTable } from '../../src/contract/endpoints';

const lines: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
const world = await createWorld({ logger });

describe('what every request goes through', () => {
  it('matches only its own route: no handler of every path, so Hono calls it directly, without `compose`', () => {
    const shared = endpointTable
      .map((call) => ({ call, path: call.path.replace(/\{\w+\}/g, '0190f3a2-7b1c-7d4e-8f00-0000000000aa') }))
      .filter(({ call, path }) => world.app.router.match(call.method, path)[0].length !== 1)
      .map(({ call }) => call.name);
    expect(shared).toEqual([]);
    expect(endpointTable.length).toBeGreaterThanOrEqual(60);
  });

  it('answers the health check in the same turn, with no promise to wait for', async () => {
    const answer = world.app.request('/v1/health');
    expect(answer).not.toBeInstanceOf(Promise);
    expect(await (answer as Response).json()).toEqual({ data: { status: 'ok' } });
  });

  it('marks every answer nosniff, served as `npm start` serves it: success, not found, refused, bad JSON, too large', async () => {
    const user = await world.user('Nina');
    const server = serveApp({ fetch: world.app.fetch, port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const signedIn = { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' };
      const answers = await Promise.all([
        fetch(`${base}/v1/health`),
        fetch(`${base}/v1/nulle-part`),
        fetch(`${base}/v1/users/me`),
        fetch(`${base}/v1/villages`, { method: 'POST', headers: signedIn, body: '{pas du json' }),
        fetch(`${base}/v1/villages`, { method: 'POST', headers: signedIn, body: JSON.stringify({ name: 'x'.repeat(1_100_000) }) }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 404, 401, 400, 413]);
      for (const answer of answers) expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
      // Node merges the mark with the answer's own headers: the JSON type is still there, once.
      expect(answers[0].headers.get('Content-Type')).toMatch(/^application\/json/);
    } finally {
      server.close();
    }
  });

  it('refuses a body whose declared length is over the limit with the French 413, before reading it', async () => {
    const user = await world.user('Olga');
    const res = await world.request('POST', '/v1/villages', {
      token: user.token,
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
    });
    expect(res).toMatchObject({ status: 413, body: { message: T.tooLarge, http_code: 413 } });
  });

  it('logs each request at info level only, without a calendar feed token', async () => {
    lines.length = 0;
    await world.request('GET', '/v1/health');
    expect(lines).toEqual([]);
    logger.level = 'info';
    try {
      await world.request('GET', '/v1/health');
      await world.request('GET', '/v1/calendar/jeton-secret');
    } finally {
      logger.level = 'warn';
    }
    const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
    expect(logged).toMatchObject([
      { method: 'GET', path: '/v1/health', status: 200 },
      { method: 'GET', path: '/v1/calendar/…' },
    ]);
    expect(lines.join('\n')).not.toContain('jeton-secret');
  });
});
