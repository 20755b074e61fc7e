/**
 * `npm run bench:load [-- --duration 60 --connections 200 --runs 1 --writes 10]`: the server in its own process, as
 * `npm start` runs it, under 200 connections for 60 s of 90 % `GET /v1/villages/{id}` with the spec's full
 * include and 10 % writes (helps and chat messages, each with its own Idempotency-Key) spread over four
 * villages and 24 authors. Prints requests/s, p50, p99, errors, timeouts (no answer within 10 s) and the
 * server's RSS before, after the first minute and at the end of each run. On PGlite always; on PostgreSQL
 * too when BENCH_DATABASE_URL names a server (a database is created for the run and dropped after).
 */
import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import { CHAT_MESSAGES_PER_MINUTE } from '../../src/contract/messages';
import { loadAverage } from './load-average';
import { type Database } from '../../server/db/client';
import { onEachDatabase, percentile, startServer } from './bench-server';
import { helpTimes, seedAccounts, seedVillages, type LoadWorld } from './load-seed';

const FULL = 'photo,needs,villagers,villagers.user,villagers.user.photo,helps,helps.villageNeed';
const TIMEOUT_S = 10;
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    runs: { type: 'string', default: '1' },
    writes: { type: 'string', default: '10' },
  },
});
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const RUNS = Number(args.runs);
// The share of writes in the mix, in per cent: half chat messages, half helps.
const WRITE_SHARE = Number(args.writes) / 100;

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

type Kind = 'read' | 'write';
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/**
 * When each author last posted in each village: a person may post 30 messages a minute in a village (the
 * server's chat quota, a French 429 beyond), and the mix's half of chat writes spread over 96 authors and
 * villages reaches that at ~1,000 req/s. An author at the quota writes a help instead, as the server would
 * otherwise count refusals among the errors.
 */
const posted = new Map<string, number[]>();
function mayPost(author: string, now = performance.now()) {
  const times = (posted.get(author) ?? []).filter((t) => now - t < 61_000);
  const free = times.length < CHAT_MESSAGES_PER_MINUTE;
  if (free) times.push(now);
  posted.set(author, times);
  return free;
}

/** One request of the mix, drawn afresh each time a connection sends one. */
function nextRequest(world: LoadWorld, counter: { writes: number }) {
  const village = pick(world.villages);
  const who = pick(village.members);
  const headers: Record<string, string> = { Authorization: `Bearer ${who.token}`, 'Accept-Encoding': 'gzip, deflate, br' };
  const draw = Math.random();
  if (draw >= WRITE_SHARE) return { method: 'GET' as const, path: `/v1/villages/${village.id}?include=${FULL}`, headers };
  const write = { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': uuidv7() };
  const n = counter.writes++;
  if (draw < WRITE_SHARE / 2 && mayPost(`${village.id} ${who.villagerId}`)) {
    const body = { villager_id: who.villagerId, body: `Message de charge n° ${n} : je passe demain.` };
    return { method: 'POST' as const, path: `/v1/villages/${village.id}/messages`, headers: write, body: JSON.stringify(body) };
  }
  const body = { helper_id: who.villagerId, ...helpTimes(n), comment: 'Je peux passer.' };
  return {
    method: 'POST' as const,
    path: `/v1/villages/${village.id}/needs/${pick(village.needIds)}/helps`,
    headers: write,
    body: JSON.stringify(body),
  };
}

async function loadRun(base: string, pid: number, world: LoadWorld, run: number) {
  const rss = { before: await rssMiB(pid), firstMinute: NaN, end: NaN, max: 0 };
  const sampler = setInterval(() => {
    rssMiB(pid)
      .then((mib) => (rss.max = Math.max(rss.max, mib)))
      .catch(() => {});
  }, 1000);
  const firstMinute = DURATION_S > 60 ? setTimeout(() => void rssMiB(pid).then((mib) => (rss.firstMinute = mib)), 60_000) : undefined;
  const counter = { writes: 0 };
  const refused = new Map<string, number>();
  const kinds = {
    read: { sent: 0, latencies: [] as number[], lost: [] as number[] },
    write: { sent: 0, latencies: [] as number[], lost: [] as number[] },
  };
  const startedAt = performance.now();
  // Requests sent and never answered: those older than the timeout when the run ends are its timeouts.
  const outstanding = new Set<{ kind: Kind; sentAt: number }>();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: TIMEOUT_S,
    requests: [
      {
        setupRequest: (req, context) => {
          const next = nextRequest(world, counter);
          const kind = next.method === 'GET' ? 'read' : 'write';
          const request = { kind: kind as Kind, sentAt: performance.now() };
          outstanding.add(request);
          Object.assign(context, { request });
          kinds[kind].sent++;
          return { ...req, ...next };
        },
        onResponse: (status, body, context) => {
          const { request } = context as { request: { kind: Kind; sentAt: number } };
          outstanding.delete(request);
          kinds[request.kind].latencies.push(performance.now() - request.sentAt);
          if (status >= 400) refused.set(`${status} ${body.slice(0, 120)}`, (refused.get(`${status} ${body.slice(0, 120)}`) ?? 0) + 1);
        },
      },
    ],
  });
  const endedAt = performance.now();
  for (const request of outstanding)
    if (endedAt - request.sentAt > TIMEOUT_S * 1000) kinds[request.kind].lost.push(request.sentAt - startedAt);
  clearInterval(sampler);
  clearTimeout(firstMinute);
  rss.end = await rssMiB(pid);
  if (Number.isNaN(rss.firstMinute)) rss.firstMinute = rss.end;
  const errors = result.errors + result.non2xx;
  console.log(
    `  run ${run}: ${result.requests.average.toFixed(0)} req/s (${result.requests.total} requests, ${counter.writes} writes)` +
      `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms` +
      `  errors ${errors} (${result.non2xx} non-2xx, ${result.errors - result.timeouts} socket)  timeouts ${result.timeouts} (> ${TIMEOUT_S} s)`,
  );
  console.log(
    `         server RSS ${rss.before.toFixed(0)} MiB before, ${rss.firstMinute.toFixed(0)} MiB after the first minute, ${rss.end.toFixed(0)} MiB at the end (peak ${rss.max.toFixed(0)} MiB)`,
  );
  for (const [kind, { sent, latencies, lost }] of Object.entries(kinds)) {
    const sorted = latencies.sort((a, b) => a - b);
    const ms = (p: number) => (sorted.length ? percentile(sorted, p).toFixed(0) : '-');
    console.log(
      `         ${kind}s: ${sorted.length} answered of ${sent} sent, p50 ${ms(50)} ms, p99 ${ms(99)} ms, over 1 s ${sorted.filter((l) => l > 1000).length}` +
        (lost.length
          ? `, timed out ${lost.length} (sent ${(Math.min(...lost) / 1000).toFixed(1)}–${(Math.max(...lost) / 1000).toFixed(1)} s into the run)`
          : ''),
    );
  }
  for (const [answer, count] of refused) console.log(`         ${count} × ${answer}`);
  return { errors, timeouts: result.timeouts, p99: result.latency.p99 };
}

async function benchOne(label: string, env: Record<string, string>, database: Database) {
  const tokens = await seedAccounts(database);
  const server = await startServer(env);
  try {
    const world = await seedVillages(server.base, tokens);
    console.log(
      `\n${label}: ${CONNECTIONS} connections, ${DURATION_S} s a run, ${100 - Number(args.writes)} % full village reads / ${args.writes} % writes over ${world.villages.length} villages`,
    );
    const outcomes = [];
    for (let run = 1; run <= RUNS; run++) outcomes.push(await loadRun(server.base, server.pid, world, run));
    const met = outcomes.every((o) => o.errors === 0 && o.timeouts === 0 && o.p99 < 1000);
    console.log(`  target (0 errors, 0 timeouts, p99 < 1 s): ${met ? 'met' : 'NOT met'} (${loadAverage()})`);
  } finally {
    await server.stop();
  }
}

await onEachDatabase('village-load', benchOne);
