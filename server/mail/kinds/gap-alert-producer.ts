import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { v7 as uuidv7 } from 'uuid';
import { gapHorizonEnd } from '../../../src/contract/gap-horizon';
import { wantsAsMember } from '../../../src/contract/notification-settings';
import type { Db } from '../../db/client';
import { pushJobs, villages } from '../../db/schema';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { queueDigests } from './digest-queue';
import { villagePlace, villageTitle } from './digest-village';
import { startedZones } from './digest-recipients';
import { gapCandidates, type GapCandidate } from './gap-alert-pending';
import { GAP_LISTED_SLOTS, type GapAlertPayload, type GapVillage } from './gap-alert-mail';
import { openSlotsOf, push } from './open-slots';
import { notClosed } from '../../villages/closed';
import { settledRun } from '../settled-mark';

/** Gap alerts go in the day, on the clock of the person's first village: from 9 h, never after 20 h. */
export const GAPS_FROM_HOUR = 9;
export const GAPS_UNTIL_HOUR = 20;
const STARTED = 3;

export const gapAlertKey = (userId: string, day: string) => `gaps:${userId}:${day}`;

/** The local day in a zone, when its clock is within the alerts' hours; else null. */
export function gapAlertDay(zone: string, now: Date): string | null {
  const local = DateTime.fromJSDate(now, { zone });
  return local.hour >= GAPS_FROM_HOUR && local.hour < GAPS_UNTIL_HOUR ? local.toISODate()! : null;
}

/**
 * The gap alert (kind `gaps`): once a day at most, to each organiser (and each member who asked for it) of a
 * village with slots still open inside its horizon (`gap_horizon_days`), one mail across their villages
 * listing those slots with a link each, and one push per village. Read when queued (a slot taken meanwhile is
 * not listed; nothing open, nothing sent); the mail's key (per person and day) and the village's
 * `gaps_pushed_on` claim make each exist once however many instances run. Every village of the set is read in
 * a handful of queries (openSlotsOf), never slot by slot per member.
 */
export const gapAlertProducer: ScheduledMailProducer = {
  name: 'gaps',
  async run(db, now) {
    const zones = await startedZones(db);
    // Computed once per zone: a zone's clock is the same for all its villages.
    const days = new Map(
      zones.flatMap((zone) => {
        const day = gapAlertDay(zone, now);
        return day ? [[zone, day] as const] : [];
      }),
    );
    if (days.size === 0) return 0;
    // The day's alerts, once queued, stay settled until a write or the clock may make one more due.
    return settledRun(db, 'gaps', now, JSON.stringify([...days]), async () => ({ queued: await queueGapAlerts(db, now, days) }));
  },
};

/** The run itself: the alerts and pushes of the zones' `days` (those in the alerts' hours) not queued yet. */
async function queueGapAlerts(db: Db, now: Date, days: Map<string, string>): Promise<number> {
  // Organisers, and members who turned the alert on, whose alert of the day is not queued yet.
  const members = await gapCandidates(db, days);
  const byUser = new Map<string, GapCandidate[]>();
  for (const m of members) push(byUser, m.userId, m);
  const mailOf = new Map<string, { day: string; memberships: GapCandidate[] }>();
  for (const [userId, rows] of byUser) {
    rows.sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.villagerId.localeCompare(b.villagerId));
    const wanted = rows.filter((m) => m.verified && wantsAsMember(m.settings, 'email', 'gaps', m.villageId, m.organiser));
    if (wanted.length) mailOf.set(userId, { day: rows[0].day, memberships: wanted });
  }
  // The villages still to push today, and those of the mails to make.
  const mailVillages = [...new Set([...mailOf.values()].flatMap((mail) => mail.memberships.map((m) => m.villageId)))];
  const notPushed = [...days].map(([zone, day]) =>
    and(eq(villages.timeZone, zone), or(sql`${villages.gapsPushedOn} is null`, sql`${villages.gapsPushedOn} <> ${day}`)),
  );
  const due = new Map(
    (
      await db
        .select({
          id: villages.id,
          firstName: villages.firstName,
          name: villages.name,
          timeZone: villages.timeZone,
          horizon: villages.gapHorizonDays,
          pushedOn: villages.gapsPushedOn,
        })
        .from(villages)
        .where(
          and(
            eq(villages.state, STARTED),
            notClosed(),
            inArray(villages.timeZone, [...days.keys()]),
            // One array parameter: a statement takes at most 65,535, and the mails may be about more villages.
            or(...notPushed, mailVillages.length ? sql`${villages.id} = any(${`{${mailVillages.join(',')}}`}::uuid[])` : undefined),
          ),
        )
    ).map((village) => [village.id, village]),
  );
  const dayIn = (zone: string) => days.get(zone)!;
  const toPush = [...due.values()].filter((village) => village.pushedOn !== dayIn(village.timeZone));
  const read = new Set([...toPush.map((village) => village.id), ...mailVillages.filter((id) => due.has(id))]);
  if (read.size === 0) return 0;

  const open = await openSlotsOf(
    db,
    [...read].map((id) => {
      const village = due.get(id)!;
      return { villageId: id, timeZone: village.timeZone, to: gapHorizonEnd(now, village.horizon) };
    }),
    now,
  );
  const partOf = new Map<string, GapVillage>();
  for (const [villageId, slots] of open) {
    const village = due.get(villageId)!;
    partOf.set(villageId, {
      id: villageId,
      place: villagePlace(village),
      title: villageTitle(village),
      time_zone: village.timeZone,
      horizon_days: village.horizon,
      slots: slots.slice(0, GAP_LISTED_SLOTS).map((slot) => ({
        need_id: slot.village_need_id,
        need_name: slot.need_name,
        start: slot.start_date,
        free: slot.open,
        places: slot.places,
      })),
      more: Math.max(0, slots.length - GAP_LISTED_SLOTS),
    });
  }

  const mails = [...mailOf].flatMap(([userId, mail]) => {
    const parts = mail.memberships.flatMap((m) => partOf.get(m.villageId) ?? []);
    if (parts.length === 0) return [];
    const payload: GapAlertPayload = { first_name: mail.memberships[0].firstName, day: mail.day, villages: parts };
    return [{ to: mail.memberships[0].email, userId, key: gapAlertKey(userId, mail.day), payload }];
  });
  // The push dispatcher's timer sends them within its next round.
  await claimPushes(
    db,
    toPush.filter((village) => partOf.has(village.id)).map((village) => ({ villageId: village.id, day: dayIn(village.timeZone)! })),
    now,
  );
  return queueDigests(db, 'gap_alert', now, mails);
}

/**
 * One push per village and day: the village's `gaps_pushed_on` is set to the day only where it was not yet,
 * and a push queued for each village so claimed, in one transaction (two instances: one claims). Who is told,
 * and of which slots, is read when it is sent (push/compose-village-alerts.ts).
 */
async function claimPushes(db: Db, claims: Array<{ villageId: string; day: string }>, now: Date): Promise<number> {
  if (claims.length === 0) return 0;
  const byDay = new Map<string, string[]>();
  for (const claim of claims) push(byDay, claim.day, claim.villageId);
  return db.transaction(async (tx) => {
    let claimed = 0;
    for (const [day, ids] of byDay) {
      const rows = await tx
        .update(villages)
        .set({ gapsPushedOn: day })
        .where(and(inArray(villages.id, ids), or(sql`${villages.gapsPushedOn} is null`, sql`${villages.gapsPushedOn} <> ${day}`)))
        .returning({ id: villages.id });
      if (rows.length === 0) continue;
      await tx.insert(pushJobs).values(rows.map((row) => ({ id: uuidv7(), villageId: row.id, kind: 'gaps', data: { day }, dueAt: now })));
      claimed += rows.length;
    }
    return claimed;
  });
}
