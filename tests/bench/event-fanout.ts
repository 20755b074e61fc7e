/**
 * `npm run bench:events`: how fast a write reaches the village's open event streams. The server runs in
 * its own process on embedded PGlite as `npm start` runs it (or on BENCH_DATABASE_URL); 200 streams are
 * opened on one village, then 50 needs are added one after the other, each once every stream has heard
 * of the previous one. Latency is taken from the write's answer to the event's arrival on each stream
 * (an event may arrive before the answer: it counts as 0). Target: p99 ≤ 200 ms. The figures follow the
 * machine's load: the server and this process share its cores.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { openPglite, openPostgres, prepare } from '../../server/db/client';
import { sessions, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { newToken } from '../../server/auth/tokens';
import { readEvents } from '../../server/events/sse-reader';

const root = join(import.meta.dirname, '..', '..');
const PG_URL = process.env.BENCH_DATABASE_URL;
const DATABASE_LABEL = PG_URL ? 'PostgreSQL' : 'PGlite';
const STREAMS = 200;
const WRITES = 50;
const TARGET_P99_MS = 200;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { base, stop: () => new Promise((r) => (child.on('exit', r), child.kill('SIGTERM'))) };
}

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function seedUser(dataDir: string) {
  const database = PG_URL ? await openPostgres(PG_URL) : await openPglite({ dataDir: join(dataDir, 'pglite') });
  await prepare(database);
  const id = uuidv7();
  await database.db.insert(users).values({ id, email: `bench.events.${id}@exemple.fr`, passwordHash: await hashPassword('motdepasse-bench'), firstName: 'Jeanne', lastName: 'Banc' });
  const { token, hash } = newToken();
  await database.db.insert(sessions).values({ tokenHash: hash, userId: id });
  await database.close();
  return { id, token };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const dataDir = await mkdtemp(join(tmpdir(), 'village-bench-events-'));
try {
  await mkdir(join(dataDir, 'pglite'), { recursive: true });
  const user = await seedUser(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, ...(PG_URL ? { DATABASE_URL: PG_URL } : {}) });
  const streams: ReturnType<typeof readEvents>[] = [];
  try {
    const created = await call(server.base, 'POST', '/v1/villages', user.token, { creation_mode: 2, first_name: 'Jeanne', name: 'Banc' });
    const villageId: string = created.data.id;
    const villagerId: string = created.data.villagers[0].id;
    await call(server.base, 'PUT', `/v1/villages/${villageId}/fc`, user.token, { creator_id: villagerId });
    await call(server.base, 'PUT', `/v1/villages/${villageId}/vo`, user.token, { villager_id: villagerId });

    // arrivals[s][w]: when stream s heard of write w.
    const arrivals: number[][] = [];
    const heard: Promise<void>[] = [];
    for (let s = 0; s < STREAMS; s++) {
      const { data } = await call(server.base, 'POST', `/v1/villages/${villageId}/events/ticket`, user.token);
      const res = await fetch(`${server.base}/v1/villages/${villageId}/events?ticket=${encodeURIComponent(data.ticket)}`);
      if (res.status !== 200) throw new Error(`stream ${s} refused: ${res.status}`);
      const events = readEvents(res.body!);
      streams.push(events);
      if ((await events.next(5000))?.event !== 'ready') throw new Error(`stream ${s} not ready`);
      arrivals.push([]);
      heard.push(
        (async () => {
          for (;;) {
            const event = await events.next(30_000);
            if (!event) return;
            if (event.event === 'change') arrivals[s].push(performance.now());
          }
        })(),
      );
    }

    const answered: number[] = [];
    const sent: number[] = [];
    for (let w = 0; w < WRITES; w++) {
      sent.push(performance.now());
      await call(server.base, 'POST', `/v1/villages/${villageId}/needs`, user.token, { villager_id: villagerId, name: `Besoin ${w}` });
      answered.push(performance.now());
      const deadline = Date.now() + 10_000;
      while (arrivals.some((a) => a.length <= w)) {
        if (Date.now() > deadline) throw new Error(`write ${w}: not every stream heard of it within 10 s`);
        await new Promise((r) => setTimeout(r, 1));
      }
    }

    const fromAnswer = arrivals.flatMap((a) => a.map((at, w) => Math.max(0, at - answered[w]))).sort((a, b) => a - b);
    const fromSend = arrivals.flatMap((a) => a.map((at, w) => at - sent[w])).sort((a, b) => a - b);
    const p99 = percentile(fromAnswer, 99);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`bench:events (${DATABASE_LABEL}): ${STREAMS} streams, ${WRITES} writes, ${fromAnswer.length} deliveries`);
    console.log(`  write answer → delivery: p50 ${ms(percentile(fromAnswer, 50))}, p99 ${ms(p99)}, max ${ms(fromAnswer.at(-1)!)}`);
    console.log(`  write sent   → delivery: p50 ${ms(percentile(fromSend, 50))}, p99 ${ms(percentile(fromSend, 99))}, max ${ms(fromSend.at(-1)!)}`);
    console.log(`  p99 / target (${TARGET_P99_MS} ms): ${(p99 / TARGET_P99_MS).toFixed(2)} → ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`);
  } finally {
    // Closed from this side first: the server's shutdown then finds no stream to wait for.
    await Promise.all(streams.map((s) => s.cancel()));
    const stopping = performance.now();
    await server.stop();
    console.log(`  server stopped in ${ms0(performance.now() - stopping)}`);
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

function ms0(n: number) {
  return `${Math.round(n)} ms`;
}
