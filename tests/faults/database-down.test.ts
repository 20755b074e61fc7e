import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, type ThrowawayPostgres } from './postgres';
import { serverProcess, type ServerProcess } from './server-process';

let postgres: ThrowawayPostgres;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  postgres = await startPostgres();
  dataDir = await mkdtemp(join(tmpdir(), 'village-faults-'));
  server = await serverProcess({ DATA_DIR: dataDir, DATABASE_URL: postgres.database('down') });
  await server.start();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await postgres?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const started = Date.now();
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), body: await res.json(), ms: Date.now() - started };
};

it('with PostgreSQL killed under it, the server answers a French 503 in bounded time, and serves again once it is back', async () => {
  const who = { email: 'jeanne@example.org', password: 'motdepasse-solide', first_name: 'Jeanne', last_name: 'Martin' };
  const registered = await call('POST', '/v1/auth/register', undefined, who);
  expect(registered.status).toBe(201);
  const token: string = registered.body.data.token;
  expect((await call('GET', '/v1/users/me', token)).status).toBe(200);

  postgres.kill();
  // Pooled connections now dead, and new ones refused: a read, a write and a sign-in each fail alike.
  for (const [method, path, body] of [
    ['GET', '/v1/users/me', undefined],
    ['POST', '/v1/villages', { creation_mode: 2, first_name: 'Jeanne', name: 'Le village de Jeanne' }],
    ['POST', '/v1/auth/login', { email: who.email, password: who.password }],
  ] as const) {
    const answer = await call(method, path, path === '/v1/auth/login' ? undefined : token, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(503);
    expect(answer.body).toEqual({ message: 'Le service est momentanément indisponible. Réessayez dans un instant.', http_code: 503 });
    expect(answer.retryAfter).toBe('5');
    expect(answer.ms).toBeLessThan(10_000);
  }
  expect(server.running()).toBe(true);

  postgres.start();
  // Nothing restarts the app: its pool opens new connections when asked.
  const deadline = Date.now() + 20_000;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await call('GET', '/v1/users/me', token)).status;
    if (last === 200) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(last).toBe(200);
  const village = await call('POST', '/v1/villages', token, { creation_mode: 2, first_name: 'Jeanne', name: 'Le village de Jeanne' });
  expect(village.status).toBe(201);
  expect(await changeHeardAfterWrite(token, village.body.data.id, village.body.data.villagers[0].id)).toBe(true);
  expect(server.running()).toBe(true);
}, 90_000);

/**
 * Whether the village's event stream hears a write: the NOTIFY goes through the LISTEN connection, which was
 * lost with the database and reconnects by itself (with a growing pause, so a few writes may be needed).
 */
async function changeHeardAfterWrite(token: string, villageId: string, villagerId: string) {
  const ticket = await call('POST', `/v1/villages/${villageId}/events/ticket`, token);
  const stream = await fetch(`${server.base}/v1/villages/${villageId}/events?ticket=${encodeURIComponent(ticket.body.data.ticket)}`);
  expect(stream.status).toBe(200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let heard = false;
  const listening = (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (chunk.value.includes('event: change')) return void (heard = true);
    }
  })();
  for (let i = 0; i < 10 && !heard; i++) {
    expect((await call('POST', `/v1/villages/${villageId}/needs`, token, { villager_id: villagerId, name: `Courses ${i}` })).status).toBe(
      201,
    );
    await new Promise((r) => setTimeout(r, 2_000));
  }
  await reader.cancel();
  await listening.catch(() => undefined);
  return heard;
}
