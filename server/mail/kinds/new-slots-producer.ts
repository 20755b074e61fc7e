import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { wantsNotification } from '../../../src/contract/notification-settings';
import { slotsBetween } from '../../../src/contract/slots';
import type { Db } from '../../db/client';
import { actions, villageNeeds, villages } from '../../db/schema';
import { readNotificationSettingsOf } from '../preferences';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { queueDigests } from './digest-queue';
import { sliced } from './let-requests-in';
import { helpsOf, helpsOnNeeds } from './digest-slot-sources';
import { villagePlace, villageTitle } from './digest-village';
import type { NewSlotsPayload, NewSlotsVillage } from './new-slots-mail';
import { mailableMembers, startedZones } from './digest-recipients';
import { notClosed } from '../../villages/closed';
import { pendingNewSlots } from './new-slots-pending';
import { push } from './open-slots';
import { settledRun } from '../settled-mark';

/** The digest's hour, in its person's zone: late afternoon, when a helper looks at the days ahead. */
export const NEW_SLOTS_HOUR = 17;
/** How far ahead open slots are counted: what a helper can plan for. */
export const NEW_SLOTS_WEEKS = 4;
const STARTED = 3;

/**
 * The digest due at `now` in a zone: the last 17 h that has passed (today's, else yesterday's), covering the
 * day before it. A server that was down at 17 h sends it when it is back.
 */
export function dueNewSlotsDigest(zone: string, now: Date) {
  const local = DateTime.fromJSDate(now, { zone });
  let end = local.set({ hour: NEW_SLOTS_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (local < end) end = end.minus({ days: 1 });
  return { day: end.toISODate()!, from: end.minus({ days: 1 }).toJSDate(), to: end.toJSDate() };
}

type NewSlotsWindow = ReturnType<typeof dueNewSlotsDigest>;

export const newSlotsKey = (userId: string, day: string) => `new_slots:${userId}:${day}`;

type NewNeed = {
  id: string;
  villageId: string;
  name: string;
  schedule: (typeof villageNeeds.$inferSelect)['schedule'];
  createdAt: Date;
  authorId: string | null;
  village: { firstName: string | null; name: string | null; timeZone: string };
};

/** The needs added in [from, to) in started villages, with who added them (the feed's `need_added`). */
async function newNeeds(db: Db, from: Date, to: Date): Promise<NewNeed[]> {
  const rows = await db
    .select({
      id: villageNeeds.id,
      villageId: villageNeeds.villageId,
      name: villageNeeds.name,
      schedule: villageNeeds.schedule,
      createdAt: villageNeeds.createdAt,
      village: { firstName: villages.firstName, name: villages.name, timeZone: villages.timeZone },
    })
    .from(villageNeeds)
    .innerJoin(villages, eq(villages.id, villageNeeds.villageId))
    // An organisers-only need is not offered to the circle: its organisers added it, and choose its helpers.
    .where(
      and(
        gte(villageNeeds.createdAt, from),
        lt(villageNeeds.createdAt, to),
        eq(villages.state, STARTED),
        notClosed(),
        eq(villageNeeds.organisersOnly, false),
      ),
    )
    .orderBy(asc(villageNeeds.createdAt));
  if (rows.length === 0) return [];
  // The feed's item written in the need's transaction, at the need's instant, says who added it.
  const added = await db
    .select({ villagerId: actions.villagerId, data: actions.data })
    .from(actions)
    .where(
      and(
        inArray(actions.villageId, [...new Set(rows.map((row) => row.villageId))]),
        eq(actions.type, 'need_added'),
        gte(actions.createdAt, from),
        lt(actions.createdAt, to),
      ),
    );
  const authors = new Map(added.map((action) => [String((action.data as { need_id?: unknown }).need_id), action.villagerId]));
  return rows.map((row) => ({ ...row, authorId: authors.get(row.id) ?? null }));
}

/**
 * The daily digest of new needs and open slots (kind `new_slots`): at 17 h in the zone of the person's first
 * village (a person has no zone of their own; their first village is most likely where they live), one mail
 * covering all their villages, for the needs others added in the 24 hours before. Nothing new, no mail. Each
 * run reads a handful of set-based queries whatever the number of people; the key makes the mail exist once.
 */
export const newSlotsProducer: ScheduledMailProducer = {
  name: 'new_slots',
  async run(db, now) {
    const zones = await startedZones(db);
    if (zones.length === 0) return 0;
    // Computed once per zone: a zone's clock is the same for all its people.
    const windowOf = new Map(zones.map((zone) => [zone, dueNewSlotsDigest(zone, now)]));
    const windows = [...windowOf.values()];
    const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
    const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
    const windowIn = (zone: string) => windowOf.get(zone) ?? dueNewSlotsDigest(zone, now);
    // Each person's zone is their first village's (the oldest active membership in a started village).
    const days = new Map([...zones, 'Europe/Paris'].map((zone) => [zone, windowIn(zone).day]));
    // The day's digests, once queued, stay settled until a write or the clock may make one more due.
    return settledRun(
      db,
      'new_slots',
      now,
      JSON.stringify([...days]),
      async (only) => ({ queued: await queueNewSlots(db, now, { from, to, days, windowIn, only }) }),
      { narrows: true },
    );
  },
};

/**
 * The run itself: the digests of the day not queued yet, for the zones' `days` and windows [from, to), to the
 * members of the villages `only` names when it does (settled-mark.ts); each digest covers all their villages.
 */
async function queueNewSlots(
  db: Db,
  now: Date,
  {
    from,
    to,
    days,
    windowIn,
    only,
  }: { from: Date; to: Date; days: Map<string, string>; windowIn: (zone: string) => NewSlotsWindow; only: readonly string[] | null },
): Promise<number> {
  const zoneOf = await pendingNewSlots(db, from, to, days, only);
  if (zoneOf.size === 0) return 0;
  const needs = await newNeeds(db, from, to);
  if (needs.length === 0) return 0;

  const villageIds = [...new Set(needs.map((need) => need.villageId))];
  const members = (await mailableMembers(db, villageIds)).filter((m) => zoneOf.has(m.userId));
  if (members.length === 0) return 0;
  const pending = [...new Set(members.map((m) => m.userId))];
  const digestOf = new Map(pending.map((id) => [id, windowIn(zoneOf.get(id)!)]));
  const settings = await readNotificationSettingsOf(db, pending);

  // Open slots of each new scheduled need, counted once for everyone.
  const horizon = new Date(now.getTime() + NEW_SLOTS_WEEKS * 7 * 24 * 3600_000);
  const scheduled = needs.filter((need) => need.schedule);
  const held = await helpsOnNeeds(
    db,
    scheduled.map((need) => need.id),
    { from: now, to: horizon },
  );
  const openOf = new Map<string, { open: number; first: string }>();
  const turn = sliced();
  for (const need of scheduled) {
    await turn();
    const open = slotsBetween([need], helpsOf(held, [need]), () => true, need.village.timeZone, now, horizon, now).filter(
      (slot) => slot.open > 0,
    );
    if (open.length) openOf.set(need.id, { open: open.length, first: open[0].start_date });
  }

  const needsByVillage = new Map<string, NewNeed[]>();
  for (const need of needs) push(needsByVillage, need.villageId, need);
  const membershipsOf = new Map<string, typeof members>();
  for (const m of members) push(membershipsOf, m.userId, m);

  const mails: Array<{ userId: string; email: string; payload: NewSlotsPayload; key: string }> = [];
  for (const userId of pending) {
    await turn();
    const digest = digestOf.get(userId)!;
    const wishes = settings.get(userId)!;
    const memberships = membershipsOf.get(userId)!;
    const entries: NewSlotsVillage[] = [];
    for (const m of memberships) {
      if (!wantsNotification(wishes, 'email', 'new_slots', m.villageId)) continue;
      const fresh = (needsByVillage.get(m.villageId) ?? []).filter(
        (need) => need.authorId !== m.villagerId && need.createdAt >= digest.from && need.createdAt < digest.to,
      );
      const withSlots = fresh.filter((need) => need.schedule && openOf.has(need.id));
      const undated = fresh.filter((need) => !need.schedule);
      if (withSlots.length === 0 && undated.length === 0) continue;
      const village = fresh[0].village;
      entries.push({
        id: m.villageId,
        place: villagePlace(village),
        title: villageTitle(village),
        time_zone: village.timeZone,
        scheduled: withSlots.map((need) => ({
          name: need.name,
          open_slots: openOf.get(need.id)!.open,
          first_start: openOf.get(need.id)!.first,
        })),
        undated: undated.map((need) => need.name),
      });
    }
    if (entries.length === 0) continue;
    mails.push({
      userId,
      email: memberships[0].email,
      key: newSlotsKey(userId, digest.day),
      payload: { first_name: memberships[0].firstName, day: digest.day, weeks: NEW_SLOTS_WEEKS, villages: entries },
    });
  }
  return queueDigests(
    db,
    'new_slots',
    now,
    mails.map((mail) => ({ to: mail.email, userId: mail.userId, key: mail.key, payload: mail.payload })),
  );
}
