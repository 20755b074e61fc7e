import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { mailJobs, notificationSettings, pushJobs, users, villagers, villages } from '../../db/schema';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { countOf, notifyQueued, sqlUuidV7 } from './set-based-queue';
import { wantsMailAbout } from './stored-wish';
import { runShare, wholeVillageParts } from './village-parts';
import { localDate, villageTitle } from './digest-village';
import { NUDGE_LISTED_SLOTS, type NudgePayload } from './nudge-mail';
import { openSlotsOf } from './open-slots';
import { QUIET_DAYS, quietCounts, quietMember } from './quiet-members';
import { notClosed } from '../../villages/closed';
import { amongVillages, settledRun, type SettledRun } from '../settled-mark';
import { startedZones } from './digest-recipients';
import type { Db } from '../../db/client';

const DAY_MS = 24 * 3600_000;
/** The open slots a nudge counts: this week, what one can still plan for. */
export const NUDGE_WEEK_DAYS = 7;
/** Nudges go in the early evening on the village's clock, when people look at their week. */
export const NUDGE_FROM_HOUR = 18;
export const NUDGE_UNTIL_HOUR = 20;
const STARTED = 3;
/** Members nudged per transaction: about a tenth of a second of the database each, on PGlite. */
const NUDGES_PER_TRANSACTION = 1_000;
/**
 * Members nudged per run, the rest the next minute: a run at 3,000 villages nudged 51,000 in 4.4 s on PGlite
 * (bench:digests), every one of those seconds a minute's tick of this instance. Nudges go in a two-hour window.
 */
export const NUDGES_PER_RUN = 12_000;

export const nudgeKey = (villagerId: string, day: string) => `nudge:${villagerId}:${day}`;

/**
 * The nudge (kind `nudges`): in the early evening, a member who has taken nothing for 30 days while their
 * village has slots open this week is told so, kindly, by mail and by push, once a month at most. Claimed by
 * setting the member's `nudged_at` only where it is older than a month, in the transaction that queues the
 * mail and the push: two instances nudge once. Read from what is true then: no open slot, no nudge.
 */
export const nudgeProducer: ScheduledMailProducer = {
  name: 'nudges',
  async run(db, now, perRun = NUDGES_PER_RUN) {
    // Computed once per zone: a zone's clock is the same for all its villages.
    const evenings = (await startedZones(db)).flatMap((zone) => {
      const local = DateTime.fromJSDate(now, { zone });
      return local.hour >= NUDGE_FROM_HOUR && local.hour < NUDGE_UNTIL_HOUR ? [`${zone} ${local.toISODate()}`] : [];
    });
    if (evenings.length === 0) return 0;
    // The evening's nudges, once queued, stay settled until a write or the clock may make one more due.
    const zones = evenings.map((evening) => evening.split(' ')[0]);
    return settledRun(
      db,
      'nudges',
      now,
      JSON.stringify(evenings.sort()),
      (only, resumeAfter) => queueNudges(db, now, zones, only, perRun, resumeAfter),
      {
        narrows: true,
      },
    );
  },
};

/**
 * The run itself: the nudges of the quiet members of the villages in these `zones` (in the nudges' hours), or
 * of those of them in `only` (settled-mark.ts), not claimed yet, in the order of the villages' ids from
 * `resumeAfter` on, a share of about `perRun` members (whole villages) a run. What is the same for a whole
 * village (its open slots, its title, the key's day) is made once per village in JavaScript; the members are
 * claimed and their pushes and mails written by the database, one statement per part of whole villages, none
 * read here.
 */
async function queueNudges(
  db: Db,
  now: Date,
  zones: string[],
  only: readonly string[] | null,
  perRun: number,
  resumeAfter: string | null,
): Promise<SettledRun> {
  const due = await db
    .select({ id: villages.id, firstName: villages.firstName, name: villages.name, timeZone: villages.timeZone })
    .from(villages)
    .where(
      and(
        eq(villages.state, STARTED),
        notClosed(),
        inArray(villages.timeZone, zones),
        amongVillages(villages.id, only),
        resumeAfter ? gt(villages.id, resumeAfter) : undefined,
      ),
    )
    .orderBy(villages.id);
  if (due.length === 0) return { queued: 0 };
  const monthAgo = new Date(now.getTime() - QUIET_DAYS * DAY_MS);
  const counts = await quietCounts(
    db,
    due.map((village) => village.id),
    now,
    monthAgo,
  );
  if (counts.size === 0) return { queued: 0 };
  // The run's share, before the open slots are counted: a village with none stays quiet, and must not come back
  // first in every run; the next run takes over after the share's last village.
  const { share: quietVillages, left } = runShare(
    due.filter((village) => counts.has(village.id)).map((village) => ({ ...village, villageId: village.id })),
    perRun,
    (village) => counts.get(village.id)!,
  );
  const open = await openSlotsOf(
    db,
    quietVillages.map((village) => ({
      villageId: village.id,
      timeZone: village.timeZone,
      to: new Date(now.getTime() + NUDGE_WEEK_DAYS * DAY_MS),
    })),
    now,
  );
  // The key's day once per zone: a clock read per mail was a second of a 51,000-mail run.
  const dayIn = new Map<string, string>();
  const dayOf = (zone: string) => {
    let day = dayIn.get(zone);
    if (!day) dayIn.set(zone, (day = localDate(now, zone)));
    return day;
  };
  const told: VillageNudge[] = quietVillages.flatMap((village) => {
    const slots = open.get(village.id);
    if (!slots) return [];
    const payload: Omit<NudgePayload, 'first_name'> = {
      village_id: village.id,
      title: villageTitle(village),
      time_zone: village.timeZone,
      open: slots.length,
      first_open: slots.slice(0, NUDGE_LISTED_SLOTS).map((slot) => ({ start: slot.start_date, need_name: slot.need_name })),
    };
    return [{ villageId: village.id, day: dayOf(village.timeZone), payload }];
  });
  // A transaction per part of whole villages: a part's claims, push and mails commit together (two instances
  // still nudge once), and the embedded database, one connection for every request, answers them between parts
  // rather than after the whole run (bench:digests: a request waited up to 6 s behind 51,000 nudges in one).
  let queued = 0;
  for (const part of wholeVillageParts(told, NUDGES_PER_TRANSACTION, (village) => counts.get(village.villageId)!)) {
    queued += await db.transaction(async (tx) => {
      const count = countOf(await tx.execute(nudgePart(part, now, monthAgo)));
      await notifyQueued(tx, count);
      return count;
    });
  }
  return { queued, ...(left ? { wakeAt: now, resumeAfter: quietVillages.at(-1)!.id } : {}) };
}

type VillageNudge = { villageId: string; day: string; payload: Omit<NudgePayload, 'first_name'> };

/**
 * One part's nudges in one statement: its quiet members claimed by setting `nudged_at` where it is older than a
 * month (a member another instance claimed meanwhile is not returned), one push per village naming them
 * (whether each still wants it is read when it is sent), and a mail to each whose address is verified and who
 * wants nudges from that village, keyed per member and day. Answers how many mails were queued.
 */
function nudgePart(part: readonly VillageNudge[], now: Date, monthAgo: Date) {
  const at = now.toISOString();
  const rows = JSON.stringify(part.map((v) => ({ village_id: v.villageId, day: v.day, payload: v.payload })));
  return sql`
    with part as (select * from jsonb_to_recordset(${rows}::jsonb) as p(village_id uuid, day text, payload jsonb)),
    claimed as (
      update ${villagers} set nudged_at = ${at}::timestamptz
      from part, ${users}
      -- The part's villages as an array too: matched only on the recordset, the villagers were read in full.
      where ${villagers.villageId} = part.village_id and ${amongVillages(
        villagers.villageId,
        part.map((v) => v.villageId),
      )}
        and ${users.id} = ${villagers.userId}
        and ${quietMember(now, { notNudgedSince: monthAgo })}
      returning ${villagers.id} as villager_id, ${villagers.villageId} as village_id, ${users.id} as user_id
    ),
    pushed as (
      insert into ${pushJobs} (id, village_id, kind, data, due_at)
      select ${sqlUuidV7}, c.village_id, 'nudges', jsonb_build_object('villager_ids', jsonb_agg(c.villager_id)), ${at}::timestamptz
      from claimed c group by c.village_id
      returning 1
    ),
    mailed as (
      insert into ${mailJobs} (id, kind, to_address, user_id, payload, due_at, key, created_at)
      select ${sqlUuidV7}, 'nudge', u.email, u.id, part.payload || jsonb_build_object('first_name', u.first_name),
        ${at}::timestamptz, 'nudge:' || c.villager_id || ':' || part.day, ${at}::timestamptz
      from claimed c
      join part on part.village_id = c.village_id
      join ${users} u on u.id = c.user_id
      left join ${notificationSettings} ns on ns.user_id = u.id
      where u.email_verified_at is not null and ${wantsMailAbout(sql`ns.settings`, 'nudges', sql`c.village_id`)}
      on conflict (key) do nothing
      returning 1
    )
    select (select count(*) from mailed) as queued, (select count(*) from pushed) as pushes`;
}
