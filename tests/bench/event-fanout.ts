/**
 * `npm run bench:events`: how fast a write reaches the village's open event streams. The server runs in
 * its own process on embedded PGlite as `npm start` runs it (or on BENCH_DATABASE_URL); 200 streams are
 * opened on one village by 20 of its members (the server holds 10 streams per person), then 50 needs are added
 * one after the other, each once every stream has heard
 * of the previous one. Latency is taken from the write's answer to the event's arrival on each stream
 * (an event may arrive before the answer: it counts as 0). Target: p99 ≤ 200 ms. The figures follow the
 * machine's load: the server and this process share its cores.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { call, DATABASE_LABEL, percentile, PG_URL, seedUsers, startServer } from './bench-server';
import { loadAverage } from './load-average';
import { STREAMS_PER_USER } from '../../server/events/stream-cap';
import { join } from 'node:path';
import { readEvents } from '../../server/test/sse-reader';

const STREAMS = 200;
const WRITES = 50;
const TARGET_P99_MS = 200;

const dataDir = await mkdtemp(join(tmpdir(), 'village-bench-events-'));
try {
  await mkdir(join(dataDir, 'pglite'), { recursive: true });
  const members = await seedUsers(dataDir, 'events', Math.ceil(STREAMS / STREAMS_PER_USER));
  const user = { token: members[0] };
  const server = await startServer({ DATA_DIR: dataDir, ...(PG_URL ? { DATABASE_URL: PG_URL } : {}) });
  const streams: ReturnType<typeof readEvents>[] = [];
  try {
    const created = await call(server.base, 'POST', '/v1/villages', user.token, { creation_mode: 2, first_name: 'Jeanne', name: 'Banc' });
    const villageId: string = created.data.id;
    const villagerId: string = created.data.villagers[0].id;
    await call(server.base, 'PUT', `/v1/villages/${villageId}/fc`, user.token, { creator_id: villagerId });
    await call(server.base, 'PUT', `/v1/villages/${villageId}/vo`, user.token, { villager_id: villagerId });
    for (const member of members.slice(1))
      await call(server.base, 'PUT', '/v1/villages/join/helper', member, { share_code: created.data.share_code });

    // arrivals[s][w]: when stream s heard of write w.
    const arrivals: number[][] = [];
    const heard: Promise<void>[] = [];
    for (let s = 0; s < STREAMS; s++) {
      const { data } = await call(server.base, 'POST', `/v1/villages/${villageId}/events/ticket`, members[s % members.length]);
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
    console.log(
      `  write sent   → delivery: p50 ${ms(percentile(fromSend, 50))}, p99 ${ms(percentile(fromSend, 99))}, max ${ms(fromSend.at(-1)!)}`,
    );
    console.log(
      `  p99 / target (${TARGET_P99_MS} ms): ${(p99 / TARGET_P99_MS).toFixed(2)} → ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'} (${loadAverage()})`,
    );
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
