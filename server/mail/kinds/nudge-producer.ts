import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { v7 as uuidv7 } from 'uuid';
import { wantsNotification } from '../../../src/contract/notification-settings';
import { pushJobs, villagers, villages } from '../../db/schema';
import { readNotificationSettingsOf } from '../preferences';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { queueDigests } from './digest-queue';
import { wholeVillageParts } from './village-parts';
import { localDate, villageTitle } from './digest-village';
import { NUDGE_LISTED_SLOTS, type NudgePayload } from './nudge-mail';
import { openSlotsOf, push } from './open-slots';
import { QUIET_DAYS, quietMembers } from './quiet-members';
import { notClosed } from '../../villages/closed';
import { amongVillages, settledRun } from '../settled-mark';
import { startedZones } from './digest-recipients';
import type { Db } from '../../db/client';

const DAY_MS = 24 * 3600_000;
/** The open slots a nudge counts: this week, what one can still plan for. */
export const NUDGE_WEEK_DAYS = 7;
/** Nudges go in the early evening on the village's clock, when people look at their week. */
export const NUDGE_FROM_HOUR = 18;
export const NUDGE_UNTIL_HOUR = 20;
const STARTED = 3;
const CLAIMS_PER_STATEMENT = 10_000;
/** Members nudged per transaction: about a tenth of a second of the database each, on PGlite. */
const NUDGES_PER_TRANSACTION = 1_000;

export const nudgeKey = (villagerId: string, day: string) => `nudge:${villagerId}:${day}`;

/**
 * The nudge (kind `nudges`): in the early evening, a member who has taken nothing for 30 days while their
 * village has slots open this week is told so, kindly, by mail and by push, once a month at most. Claimed by
 * setting the member's `nudged_at` only where it is older than a month, in the transaction that queues the
 * mail and the push: two instances nudge once. Read from what is true then: no open slot, no nudge.
 */
export const nudgeProducer: ScheduledMailProducer = {
  name: 'nudges',
  async run(db, now) {
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
      async (only) => ({ queued: await queueNudges(db, now, zones, only) }),
      {
        narrows: true,
      },
    );
  },
};

/**
 * The run itself: the nudges of the quiet members of the villages in these `zones` (in the nudges' hours), or
 * of those of them in `only` (settled-mark.ts), not claimed yet.
 */
async function queueNudges(db: Db, now: Date, zones: string[], only: readonly string[] | null) {
  const due = await db
    .select({ id: villages.id, firstName: villages.firstName, name: villages.name, timeZone: villages.timeZone })
    .from(villages)
    .where(and(eq(villages.state, STARTED), notClosed(), inArray(villages.timeZone, zones), amongVillages(villages.id, only)));
  if (due.length === 0) return 0;
  const monthAgo = new Date(now.getTime() - QUIET_DAYS * DAY_MS);
  const quiet = await quietMembers(
    db,
    due.map((village) => village.id),
    now,
    { notNudgedSince: monthAgo },
  );
  if (quiet.length === 0) return 0;
  const byVillage = new Map<string, typeof quiet>();
  for (const m of quiet) push(byVillage, m.villageId, m);
  const villageOf = new Map(due.map((village) => [village.id, village]));
  const open = await openSlotsOf(
    db,
    [...byVillage.keys()].map((id) => ({
      villageId: id,
      timeZone: villageOf.get(id)!.timeZone,
      to: new Date(now.getTime() + NUDGE_WEEK_DAYS * DAY_MS),
    })),
    now,
  );
  const told = quiet.filter((m) => open.has(m.villageId));
  if (told.length === 0) return 0;
  const settings = await readNotificationSettingsOf(
    db,
    told.map((m) => m.userId),
  );
  // The key's day once per zone: a clock read per mail was a second of a 51,000-mail run.
  const dayIn = new Map<string, string>();
  const dayOf = (zone: string) => {
    let day = dayIn.get(zone);
    if (!day) dayIn.set(zone, (day = localDate(now, zone)));
    return day;
  };
  const mailOf = (m: (typeof told)[number]) => {
    if (!m.verified || !wantsNotification(settings.get(m.userId)!, 'email', 'nudges', m.villageId)) return [];
    const village = villageOf.get(m.villageId)!;
    const slots = open.get(m.villageId)!;
    const payload: NudgePayload = {
      village_id: m.villageId,
      first_name: m.firstName,
      title: villageTitle(village),
      time_zone: village.timeZone,
      open: slots.length,
      first_open: slots.slice(0, NUDGE_LISTED_SLOTS).map((slot) => ({ start: slot.start_date, need_name: slot.need_name })),
    };
    return [{ to: m.email, userId: m.userId, key: nudgeKey(m.villagerId, dayOf(village.timeZone)), payload }];
  };
  // A transaction per part of whole villages: a part's claims, push and mails commit together (two instances
  // still nudge once), and the embedded database, one connection for every request, answers them between parts
  // rather than after the whole run (bench:digests: a request waited up to 6 s behind 51,000 nudges in one).
  let queued = 0;
  for (const part of wholeVillageParts(told, NUDGES_PER_TRANSACTION)) {
    queued += await db.transaction(async (tx) => {
      // A statement takes at most 65,535 parameters: a part's claims go in statements of CLAIMS_PER_STATEMENT,
      // should one village alone be larger than that.
      const claimed = new Set<string>();
      for (let k = 0; k < part.length; k += CLAIMS_PER_STATEMENT) {
        const rows = await tx
          .update(villagers)
          .set({ nudgedAt: now })
          .where(
            and(
              inArray(
                villagers.id,
                part.slice(k, k + CLAIMS_PER_STATEMENT).map((m) => m.villagerId),
              ),
              or(isNull(villagers.nudgedAt), lte(villagers.nudgedAt, monthAgo)),
            ),
          )
          .returning({ id: villagers.id });
        for (const row of rows) claimed.add(row.id);
      }
      const mine = part.filter((m) => claimed.has(m.villagerId));
      if (mine.length === 0) return 0;
      // One push per village naming its members nudged; whether each still wants it is read when it is sent.
      const pushes = new Map<string, string[]>();
      for (const m of mine) push(pushes, m.villageId, m.villagerId);
      await tx
        .insert(pushJobs)
        .values(
          [...pushes].map(([villageId, ids]) => ({ id: uuidv7(), villageId, kind: 'nudges', data: { villager_ids: ids }, dueAt: now })),
        );
      return queueDigests(tx, 'nudge', now, mine.flatMap(mailOf));
    });
  }
  return queued;
}
