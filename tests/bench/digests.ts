/**
 * `npm run bench:digests`: every scheduled mail producer (server/mail/kinds/*-producer.ts) on 1,000, 3,000 and
 * 10,000 villages (digests-seed.ts: 20 members each, 5 needs, 10 messages), each run at the hour its mails are
 * due: the run that queues them, then the next minute's run with nothing left to queue, which every instance pays
 * each minute. The machine's load average (1 min) is printed beside each figure. BENCH_VILLAGES=1000,3000 picks
 * the sizes, BENCH_PRODUCERS=chat,slots the producers. PGlite, or PostgreSQL with BENCH_DATABASE_URL (on a database of its own, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../server/db/client';
import { openPglite, openPostgres, prepare } from '../../server/db/open';
import { chatDigestProducer } from '../../server/mail/kinds/chat-digest-producer';
import { gapAlertProducer } from '../../server/mail/kinds/gap-alert-producer';
import { newSlotsProducer } from '../../server/mail/kinds/new-slots-producer';
import { newsProducer } from '../../server/mail/kinds/news-producer';
import { nudgeProducer } from '../../server/mail/kinds/nudge-producer';
import { eveningReminders } from '../../server/mail/kinds/reminder-producer';
import { weeklySummaryProducer } from '../../server/mail/kinds/weekly-summary-producer';
import type { ScheduledMailProducer } from '../../server/mail/scheduled-producer';
import { DATABASE_LABEL, PG_URL } from './bench-server';
import { seedVillages } from './digests-seed';

/** BENCH_PRODUCERS=chat,news runs only the producers whose label has one of these words. */
const ONLY = process.env.BENCH_PRODUCERS?.split(',');
const SIZES = (process.env.BENCH_VILLAGES ?? '1000,3000,10000').split(',').map(Number);
// Monday 30 November 2026 at 17 h in Paris: the new-slots digest and the gap alerts are due.
const NOW = new Date('2026-11-30T16:00:00Z');
const HOUR = 3600_000;
const MINUTE = 60_000;

/** Each producer at the hour its mails are due, in the order of those hours. */
const RUNS: Array<[string, ScheduledMailProducer, Date]> = [
  ['weekly summary', weeklySummaryProducer, new Date(NOW.getTime() - 23 * HOUR)], // Sunday 18 h
  ['chat digest', chatDigestProducer, NOW],
  ['new slots', newSlotsProducer, NOW],
  ['gap alerts', gapAlertProducer, NOW],
  ['news', newsProducer, NOW],
  ['nudges', nudgeProducer, new Date(NOW.getTime() + HOUR)], // 18 h
  ['reminders', eveningReminders, new Date(NOW.getTime() + 2 * HOUR)], // 19 h, for Tuesday's slots
];

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!PG_URL) {
    const database = await openPglite();
    await prepare(database);
    return { database, drop: () => database.close() };
  }
  const name = `village_bench_digests_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(PG_URL);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  await prepare(database);
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

/** Runs of one producer at most, should one never say it is done. */
const MAX_RUNS = 30;

/** Whether the producer's last run stopped at its share (settled-mark.ts: its wake is then its own instant). */
async function leftWork(db: Database['db'], producer: string): Promise<boolean> {
  const result = await db.execute(sql`select wake_at <= settled_at as left from mail_producer_marks where producer = ${producer}`);
  return (result as unknown as { rows: Array<{ left: boolean }> }).rows[0]?.left === true;
}

const load = () => `load ${loadavg()[0].toFixed(2)}`;

/**
 * How long a request's query waits while `run` works: a `select 1` sent every 20 ms on the same database, as the
 * API's requests share it with the producers (PGlite is one connection: a statement or transaction of the run
 * holds every other query until it ends). Answers the longest wait.
 */
async function longestWaitDuring<T>(db: Database['db'], run: () => Promise<T>): Promise<{ value: T; longestMs: number }> {
  let running = true;
  let longestMs = 0;
  const probing = (async () => {
    while (running) {
      const sent = performance.now();
      await db.execute(sql`select 1`);
      longestMs = Math.max(longestMs, performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { value: await run(), longestMs };
  } finally {
    running = false;
    await probing;
  }
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; load: string }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started, load: load() };
}

for (const villageCount of SIZES) {
  const { database, drop } = await openDatabase();
  try {
    const seeded = await timed(() => seedVillages(database, villageCount, NOW));
    const c = seeded.value;
    console.log(
      `${villageCount.toLocaleString('en')} villages (${DATABASE_LABEL}): ${c.users} users, ${c.villagers} memberships, ${c.needs} needs, ` +
        `${c.helps} helps, ${c.messages} messages, seeded in ${(seeded.ms / 1000).toFixed(1)} s (${seeded.load})`,
    );
    for (const [label, producer, at] of RUNS) {
      if (ONLY && !ONLY.some((word) => label.includes(word))) continue;
      // A producer that shares its work between runs (`runShare`, village-parts.ts) is run each minute until it has no share left.
      const runs: Array<Awaited<ReturnType<typeof timed<{ value: number; longestMs: number }>>>> = [];
      let when = at;
      do {
        const runAt = when;
        runs.push(await timed(() => longestWaitDuring(database.db, () => producer.run(database.db, runAt))));
        when = new Date(when.getTime() + MINUTE);
      } while (runs.length < MAX_RUNS && (await leftWork(database.db, producer.name)));
      const idle = await timed(() => producer.run(database.db, when));
      const [work] = runs;
      const all = runs.reduce((sum, run) => sum + run.value.value, 0);
      const longest = Math.max(...runs.map((run) => run.ms));
      const total = runs.reduce((sum, run) => sum + run.ms, 0);
      const waited = Math.max(...runs.map((run) => run.value.longestMs));
      console.log(
        `  ${label.padEnd(15)} run with work: ${String(work.value.value).padStart(6)} mails in ${(work.ms / 1000).toFixed(2).padStart(6)} s (${work.load}), ` +
          `a request waited up to ${work.value.longestMs.toFixed(0)} ms · ` +
          (runs.length > 1
            ? `all ${all} mails in ${runs.length} runs a minute apart: longest ${(longest / 1000).toFixed(2)} s, ${(total / 1000).toFixed(2)} s in all, a request waited up to ${waited.toFixed(0)} ms · `
            : '') +
          `next minute, nothing due: ${String(idle.value).padStart(2)} mails in ${idle.ms.toFixed(0).padStart(5)} ms (${idle.load})`,
      );
    }
  } finally {
    await drop();
  }
}
