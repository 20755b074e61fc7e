/**
 * The world `bench:digests` times its producers on, written in a few set-based INSERTs (generate_series) so
 * that 10,000 villages seed in seconds rather than in hundreds of thousands of rows sent from here. Per village:
 * 20 members (10 users a village, each user in two villages), 5 needs added the day before by its creator
 * (3 scheduled, 2 undated), a third of the coming slots taken by six members (the thirteen others are quiet),
 * 10 messages of the day; one news post in each of the first 50 villages. Half the users asked for the chat.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { expandSchedule, type Schedule } from '../../src/contract/schedule';

export const MEMBERS = 20;
/** Members 1 to 6 take the slots; the others are quiet (nothing taken for 50 days). */
const TAKERS = 6;
const MESSAGES = 10;
const NEWS_VILLAGES = 50;
const HOUR = 3600_000;

const SCHEDULES: Schedule[] = [
  { dtstart: '2026-12-01T19:00', duration_minutes: 90, rrule: 'FREQ=DAILY;COUNT=28', exdates: [], places: 2 },
  { dtstart: '2026-12-02T12:00', duration_minutes: 60, rrule: 'FREQ=WEEKLY;BYDAY=WE,SA', exdates: [], places: 1 },
  { dtstart: '2026-12-05T10:00', duration_minutes: 120, rrule: null, exdates: [], places: 3 },
];
const NEEDS = [
  ...SCHEDULES.map((schedule, n) => ({ name: ['Dîner', 'Déjeuner', 'Ménage'][n], schedule })),
  { name: 'Courses', schedule: null },
  { name: 'Promenade', schedule: null },
];

/** A stable id per table and index, so that rows can name each other without reading them back. */
const id = (table: number, index: ReturnType<typeof sql.raw> | string) =>
  sql.raw(`('0000000${table}-0000-4000-8000-' || lpad(to_hex(${String(index)}), 12, '0'))::uuid`);

export async function seedVillages(database: Database, villageCount: number, now: Date) {
  const { db } = database;
  const n = villageCount;
  const users = n * 10;
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const run = (query: ReturnType<typeof sql>) => db.execute(query);

  await run(sql`insert into users (id, email, password_hash, first_name, last_name, email_verified_at)
    select ${id(1, 'i')}, 'banc.' || i || '@exemple.fr', 'not-a-hash', 'Prénom' || i, 'Banc', ${at(-90 * 24 * HOUR)}::timestamptz
    from generate_series(0, ${users - 1}) i`);
  await run(sql`insert into notification_settings (user_id, settings)
    select ${id(1, 'i')}, '{"email":{"chat":true}}'::jsonb from generate_series(0, ${users - 1}, 2) i`);
  await run(sql`insert into villages (id, state, creation_mode, name, first_name, share_code, created_at, updated_at)
    select ${id(2, 'v')}, 3, 2, 'Le village de Proche' || v, 'Proche' || v, 'BENCH' || v, ${at(-60 * 24 * HOUR)}::timestamptz, ${now.toISOString()}::timestamptz
    from generate_series(0, ${n - 1}) v`);
  // Member k of village v: users v, v + n, … (its own ten), then the first ten of village v + 37.
  await run(sql`insert into villagers (id, village_id, user_id, is_creator, created_at, last_seen_at)
    select ${id(3, 'v * 20 + k')}, ${id(2, 'v')},
      ${id(1, `case when k < 10 then v + k * ${n} else ((v + 37) % ${n}) + (k - 10) * ${n} end`)},
      k = 0, ${at(-50 * 24 * HOUR)}::timestamptz + k * interval '1 second', ${now.toISOString()}::timestamptz - (k + 1) * interval '1 hour'
    from generate_series(0, ${n - 1}) v, generate_series(0, ${MEMBERS - 1}) k`);

  const needs = NEEDS.map((need, i) => ({ i, name: need.name, schedule: need.schedule, createdAt: at(-(20 - i) * HOUR) }));
  await run(sql`insert into village_needs (id, village_id, name, schedule, created_at)
    select ${id(4, 'v * 5 + need.i')}, ${id(2, 'v')}, need.name, need.schedule, need.created_at
    from generate_series(0, ${n - 1}) v,
      jsonb_to_recordset(${JSON.stringify(needs.map((need) => ({ i: need.i, name: need.name, schedule: need.schedule, created_at: need.createdAt })))}::jsonb)
        as need(i int, name text, schedule jsonb, created_at timestamptz)`);
  await run(sql`insert into actions (id, village_id, villager_id, type, data, created_at)
    select gen_random_uuid(), ${id(2, 'v')}, ${id(3, 'v * 20')}, 'need_added',
      jsonb_build_object('need_id', ${id(4, 'v * 5 + need.i')}, 'name', need.name), need.created_at
    from generate_series(0, ${n - 1}) v,
      jsonb_to_recordset(${JSON.stringify(needs.map((need) => ({ i: need.i, name: need.name, created_at: need.createdAt })))}::jsonb)
        as need(i int, name text, created_at timestamptz)`);

  // Every village has the same schedules: their slots are expanded once, and a third of them taken everywhere.
  const taken = needs.flatMap((need) =>
    need.schedule
      ? expandSchedule(need.schedule, 'Europe/Paris', now, new Date(now.getTime() + 28 * 24 * HOUR), now).flatMap((slot, s) =>
          s % 3 === 0 ? [{ i: need.i, start: slot.start_date, k: 1 + (s % TAKERS), created_at: need.createdAt }] : [],
        )
      : [],
  );
  await run(sql`insert into helps (id, village_id, village_need_id, helper_id, start_date, created_at)
    select gen_random_uuid(), ${id(2, 'v')}, ${id(4, 'v * 5 + help.i')}, ${id(3, 'v * 20 + help.k')}, help.start, help.created_at
    from generate_series(0, ${n - 1}) v,
      jsonb_to_recordset(${JSON.stringify(taken)}::jsonb) as help(i int, start timestamptz, k int, created_at timestamptz)`);

  await run(sql`insert into messages (id, village_id, villager_id, body, created_at)
    select gen_random_uuid(), ${id(2, 'v')}, ${id(3, `v * 20 + m % ${MEMBERS}`)},
      'Message n° ' || m || ' : des nouvelles de la journée, qui passe demain ?',
      ${now.toISOString()}::timestamptz - (${MESSAGES} - m) * interval '50 minutes'
    from generate_series(0, ${n - 1}) v, generate_series(0, ${MESSAGES - 1}) m`);
  await run(sql`insert into news_posts (id, village_id, author_id, body, created_at)
    select gen_random_uuid(), ${id(2, 'v')}, ${id(3, 'v * 20')}, 'Des nouvelles de la semaine.', ${at(-10 * 60_000)}::timestamptz
    from generate_series(0, ${Math.min(n, NEWS_VILLAGES) - 1}) v`);
  await run(sql`analyze`);
  return { users, villagers: n * MEMBERS, needs: n * NEEDS.length, helps: n * taken.length, messages: n * MESSAGES };
}
