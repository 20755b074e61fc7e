/**
 * `npm run bench:digests`: the time to queue and to render the daily digests of 1,000 users across 100
 * villages; then the gap alerts and the nudges of 1,000 and 3,000 villages (10 users a village, seeded the
 * same way on a database of their own), queued at 17 h and 18 h Paris, and their next minute's run. The database is seeded directly (20 members a village, each user in two villages; per village
 * 3 scheduled needs and 2 undated ones added the day before by its creator, 20 older needs, a third of the
 * coming slots taken, 30 messages of the day), then at 17 h Paris the new-slots producer queues the digests
 * and a mail dispatcher with a no-op mailer renders them (templates, settings and address checks, one-click
 * unsubscribe, marking each sent). The chat digest is timed the same way, with half the users having asked
 * for it. Also shown: a producer's run once its mails are queued, what every instance pays each minute.
 * PGlite, or PostgreSQL with BENCH_DATABASE_URL (on a database of its own, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../server/db/client';
import { openPglite, openPostgres, prepare } from '../../server/db/open';
import { actions, helps, mailJobs, messages, notificationSettings, users, villageNeeds, villagers, villages } from '../../server/db/schema';
import { createMailDispatcher } from '../../server/mail/dispatcher';
import { chatDigestProducer } from '../../server/mail/kinds/chat-digest-producer';
import { newSlotsProducer } from '../../server/mail/kinds/new-slots-producer';
import { gapAlertProducer } from '../../server/mail/kinds/gap-alert-producer';
import { nudgeProducer } from '../../server/mail/kinds/nudge-producer';
import type { ScheduledMailProducer } from '../../server/mail/scheduled-producer';
import { expandSchedule, type Schedule } from '../../src/contract/schedule';
import { DATABASE_LABEL, PG_URL } from './bench-server';

const DIGEST_VILLAGES = 100;
/** The gap alerts' and nudges' runs: every started village is read by each instance every minute of their hours. */
const ALERT_VILLAGES = [1_000, 3_000];
const MEMBERS = 20;
// Monday 30 November 2026 at 17 h in Paris: the digest covers Sunday 17 h to now.
const NOW = new Date('2026-11-30T16:00:00Z');
const HOUR = 3600_000;

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

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** `villageCount` villages of 20 members, 10 users a village; the coming slots taken by the first `takers` members after the creator. */
async function seed(database: Database, villageCount: number, takers = MEMBERS - 1) {
  const userCount = villageCount * 10;
  const { db } = database;
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
  const userRows = Array.from({ length: userCount }, (_, i) => ({
    id: uuidv7(),
    email: `banc.${i}@exemple.fr`,
    passwordHash: 'not-a-hash',
    firstName: `Prénom${i}`,
    lastName: 'Banc',
    emailVerifiedAt: at(-90 * 24 * HOUR),
  }));
  await insertAll(userRows, (chunk) => db.insert(users).values(chunk));
  // Half the users asked for the chat by e-mail (it is off by default).
  await insertAll(
    userRows.filter((_, i) => i % 2 === 0).map((u) => ({ userId: u.id, settings: { email: { chat: true } } })),
    (chunk) => db.insert(notificationSettings).values(chunk),
  );

  const villageRows = Array.from({ length: villageCount }, (_, i) => ({
    id: uuidv7(),
    state: 3,
    creationMode: 2,
    name: `Le village de Proche${i}`,
    firstName: `Proche${i}`,
    shareCode: `BENCH${String(i).padStart(4, '0')}`,
    createdAt: at(-60 * 24 * HOUR),
  }));
  await insertAll(villageRows, (chunk) => db.insert(villages).values(chunk));

  // Village v: its creator is user v.
  const villagerRows: Array<typeof villagers.$inferInsert> = [];
  const membersOf: string[][] = [];
  for (let v = 0; v < villageCount; v++) {
    const ids: string[] = [];
    for (let k = 0; k < MEMBERS; k++) {
      // Users r, r + 100, … in village r, and again in village r + 37: each user in two villages.
      const user = k < 10 ? v + k * villageCount : ((v + 37) % villageCount) + (k - 10) * villageCount;
      const id = uuidv7();
      ids.push(id);
      villagerRows.push({
        id,
        villageId: villageRows[v].id,
        userId: userRows[user].id,
        isCreator: k === 0,
        createdAt: at(-50 * 24 * HOUR + k * 1000),
        lastSeenAt: at(-(k + 1) * HOUR),
      });
    }
    membersOf.push(ids);
  }
  await insertAll(villagerRows, (chunk) => db.insert(villagers).values(chunk));

  const needRows: Array<typeof villageNeeds.$inferInsert> = [];
  const actionRows: Array<typeof actions.$inferInsert> = [];
  const helpRows: Array<typeof helps.$inferInsert> = [];
  const messageRows: Array<typeof messages.$inferInsert> = [];
  const schedules: Schedule[] = [
    { dtstart: '2026-12-01T19:00', duration_minutes: 90, rrule: 'FREQ=DAILY;COUNT=28', exdates: [], places: 2 },
    { dtstart: '2026-12-02T12:00', duration_minutes: 60, rrule: 'FREQ=WEEKLY;BYDAY=WE,SA', exdates: [], places: 1 },
    { dtstart: '2026-12-05T10:00', duration_minutes: 120, rrule: null, exdates: [], places: 3 },
  ];
  villageRows.forEach((village, v) => {
    const creator = membersOf[v][0];
    for (let n = 0; n < 20; n++)
      needRows.push({ id: uuidv7(), villageId: village.id, name: `Ancien besoin ${n}`, createdAt: at(-30 * 24 * HOUR) });
    const fresh = [
      ...schedules.map((schedule, n) => ({ name: ['Dîner', 'Déjeuner', 'Ménage'][n], schedule })),
      { name: 'Courses', schedule: null },
      { name: 'Promenade', schedule: null },
    ];
    fresh.forEach((need, n) => {
      const id = uuidv7();
      const createdAt = at(-(20 - n) * HOUR);
      needRows.push({ id, villageId: village.id, name: need.name, schedule: need.schedule, createdAt });
      actionRows.push({
        id: uuidv7(),
        villageId: village.id,
        villagerId: creator,
        type: 'need_added',
        data: { need_id: id, name: need.name },
        createdAt,
      });
      if (!need.schedule) return;
      // A third of the coming slots taken by members.
      expandSchedule(need.schedule, 'Europe/Paris', NOW, at(28 * 24 * HOUR), NOW).forEach((slot, s) => {
        if (s % 3 === 0)
          helpRows.push({
            id: uuidv7(),
            villageId: village.id,
            villageNeedId: id,
            helperId: membersOf[v][1 + (s % takers)],
            startDate: new Date(slot.start_date),
            createdAt,
          });
      });
    });
    for (let m = 0; m < 30; m++) {
      messageRows.push({
        id: uuidv7(),
        villageId: village.id,
        villagerId: membersOf[v][m % MEMBERS],
        body: `Message n° ${m} : des nouvelles de la journée, qui passe demain ?`,
        createdAt: at(-(30 - m) * 20 * 60_000),
      });
    }
  });
  await insertAll(needRows, (chunk) => db.insert(villageNeeds).values(chunk));
  await insertAll(actionRows, (chunk) => db.insert(actions).values(chunk));
  await insertAll(helpRows, (chunk) => db.insert(helps).values(chunk));
  await insertAll(messageRows, (chunk) => db.insert(messages).values(chunk));
  await db.update(villages).set({ updatedAt: NOW });
  return { users: userCount, villagers: villagerRows.length, needs: needRows.length, helps: helpRows.length, messages: messageRows.length };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

const { database, drop } = await openDatabase();
try {
  const counts = await seed(database, DIGEST_VILLAGES);
  console.log(
    `Digests (${DATABASE_LABEL}): ${counts.users} users, ${DIGEST_VILLAGES} villages, ${counts.villagers} memberships, ${counts.needs} needs, ${counts.helps} helps, ${counts.messages} messages`,
  );
  let sent = 0;
  const dispatcher = createMailDispatcher({
    db: database.db,
    mailer: { send: async () => void (sent += 1) },
    clock: { now: () => NOW },
    logger: pino({ level: 'silent' }),
    publicUrl: 'https://village.example',
  });

  const kinds: Array<[string, ScheduledMailProducer]> = [
    ['new slots', newSlotsProducer],
    ['chat', chatDigestProducer],
  ];
  for (const [label, producer] of kinds) {
    const queue = await timed(() => producer.run(database.db, NOW));
    const idle = await timed(() => producer.run(database.db, new Date(NOW.getTime() + 60_000)));
    const before = sent;
    const render = await timed(() => dispatcher.runDue());
    if (render.value !== sent - before) throw new Error('the dispatcher counted other mails than it sent');
    console.log(
      `  ${label.padEnd(9)} queue: ${String(queue.value).padStart(4)} mails in ${seconds(queue.ms)} s (${rate(queue.value, queue.ms)} mails/s) · ` +
        `render and mark sent: ${render.value} mails in ${seconds(render.ms)} s (${rate(render.value, render.ms)} mails/s) · ` +
        `next minute's run (all queued): ${idle.ms.toFixed(0)} ms`,
    );
  }
  const failed = await database.db.select({ id: mailJobs.id, error: mailJobs.lastError }).from(mailJobs);
  const notSent = failed.filter((row) => row.error);
  if (notSent.length) throw new Error(`${notSent.length} mails not sent: ${notSent[0].error}`);
} finally {
  await drop();
}

/** The gap alerts (17 h Paris) and the nudges (18 h Paris) of a set of villages: queue, render, and the next minute's run. */
async function alertsOf(villageCount: number) {
  const { database: alerts, drop: dropAlerts } = await openDatabase();
  try {
    // Six members take the slots: the thirteen others are quiet (joined 50 days ago, nothing taken).
    const counts = await seed(alerts, villageCount, 6);
    console.log(
      `Gap alerts and nudges (${DATABASE_LABEL}): ${villageCount} villages, ${counts.users} users, ${counts.villagers} memberships, ${counts.helps} helps`,
    );
    let sent = 0;
    let clock = NOW;
    const dispatcher = createMailDispatcher({
      db: alerts.db,
      mailer: { send: async () => void (sent += 1) },
      clock: { now: () => clock },
      logger: pino({ level: 'silent' }),
      publicUrl: 'https://village.example',
    });
    const runs: Array<[string, ScheduledMailProducer, Date]> = [
      ['gaps', gapAlertProducer, NOW],
      ['nudges', nudgeProducer, new Date(NOW.getTime() + HOUR)],
    ];
    for (const [label, producer, at] of runs) {
      clock = at;
      const queue = await timed(() => producer.run(alerts.db, at));
      const idle = await timed(() => producer.run(alerts.db, new Date(at.getTime() + 60_000)));
      const before = sent;
      const render = await timed(() => dispatcher.runDue());
      if (render.value !== sent - before) throw new Error('the dispatcher counted other mails than it sent');
      console.log(
        `  ${label.padEnd(9)} queue: ${String(queue.value).padStart(5)} mails in ${seconds(queue.ms)} s (${rate(queue.value, queue.ms)} mails/s) · ` +
          `render and mark sent: ${render.value} mails in ${seconds(render.ms)} s · next minute's run (all queued): ${idle.ms.toFixed(0)} ms`,
      );
    }
  } finally {
    await dropAlerts();
  }
}

for (const villageCount of ALERT_VILLAGES) await alertsOf(villageCount);
