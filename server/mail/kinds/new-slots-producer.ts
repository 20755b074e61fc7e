import { DateTime } from 'luxon';
import type { Db } from '../../db/client';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { startedZones } from './digest-recipients';
import { pendingNewSlots } from './new-slots-pending';
import { queueNewSlotsPeople, type ZoneDigest } from './new-slots-people';
import { tellNewSlotsVillages } from './new-slots-villages';
import { settledRun, type SettledRun } from '../settled-mark';

/** The digest's hour, in its person's zone: late afternoon, when a helper looks at the days ahead. */
export const NEW_SLOTS_HOUR = 17;
/** How far ahead open slots are counted: what a helper can plan for. */
export const NEW_SLOTS_WEEKS = 4;
/**
 * People a run writes a digest for at most, the rest the next minute: one run for 30,000 at 3,000 villages took
 * 6.3–8.3 s on PGlite (bench:digests), every one of those seconds a minute's tick of this instance.
 */
export const NEW_SLOTS_PER_RUN = 8_000;
/** What telling a village's new need costs a run, counted in people: its open slots are counted in JavaScript. */
const NEED_COST = 2;

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

export const newSlotsKey = (userId: string, day: string) => `new_slots:${userId}:${day}`;

/**
 * The daily digest of new needs and open slots (kind `new_slots`): at 17 h in the zone of the person's first
 * village (a person has no zone of their own; their first village is most likely where they live), one mail
 * covering all their villages, for the needs others added in the 24 hours before. Nothing new, no mail.
 *
 * A run first tells what is new in each village, once for all its members (new-slots-villages.ts), then puts
 * the people's digests together from that, in the database (new-slots-people.ts); both in shares, about
 * `perRun` people's worth a run (a need counts for `NEED_COST`), the next minute's taking over. The key makes
 * each mail exist once.
 */
export const newSlotsProducer: ScheduledMailProducer = {
  name: 'new_slots',
  async run(db, now, perRun = NEW_SLOTS_PER_RUN) {
    const zones = await startedZones(db);
    if (zones.length === 0) return 0;
    // Computed once per zone: a zone's clock is the same for all its people. Each person's zone is their first
    // village's (the oldest active membership in a started village), Paris for one with none.
    const digests: ZoneDigest[] = [...new Set([...zones, 'Europe/Paris'])].map((zone) => ({ zone, ...dueNewSlotsDigest(zone, now) }));
    const from = new Date(Math.min(...digests.map((w) => w.from.getTime())));
    const to = new Date(Math.max(...digests.map((w) => w.to.getTime())));
    const days = new Map(digests.map((digest) => [digest.zone, digest.day]));
    const period = JSON.stringify([...days]);
    // The day's digests, once queued, stay settled until a write or the clock may make one more due.
    return settledRun(
      db,
      'new_slots',
      now,
      period,
      (only, resumeAfter) => queueNewSlots(db, now, { from, to, days, digests, period, only }, resumeAfter, perRun),
      {
        narrows: true,
      },
    );
  },
};

/**
 * The run itself, for the zones' `days` and windows [from, to), in the villages `only` names when it does
 * (settled-mark.ts): the villages' tellings first; once all are made, the digests of the people not mailed yet,
 * in the order of their ids after `resumeAfter`, as many as the run's share has room for.
 */
async function queueNewSlots(
  db: Db,
  now: Date,
  {
    from,
    to,
    days,
    digests,
    period,
    only,
  }: { from: Date; to: Date; days: Map<string, string>; digests: ZoneDigest[]; period: string; only: readonly string[] | null },
  resumeAfter: string | null,
  perRun: number,
): Promise<SettledRun> {
  const horizon = new Date(now.getTime() + NEW_SLOTS_WEEKS * 7 * 24 * 3600_000);
  const villages = await tellNewSlotsVillages(db, now, { from, to, horizon, period, only }, Math.max(1, Math.floor(perRun / NEED_COST)));
  const room = perRun - villages.needs * NEED_COST;
  // Villages left to tell, or no room left for people: the next minute's run goes on, where the people's stopped.
  if (villages.left || room <= 0) return { queued: 0, wakeAt: now, resumeAfter };
  // One more than the room: whether some are left.
  const zoneOf = await pendingNewSlots(db, from, to, days, only, { after: resumeAfter, limit: room + 1 });
  if (zoneOf.size === 0) return { queued: 0 };
  const people = [...zoneOf].slice(0, room).map(([userId, zone]) => ({ userId, zone }));
  const queued = await queueNewSlotsPeople(db, now, { people, zones: digests, period, weeks: NEW_SLOTS_WEEKS });
  return zoneOf.size > room ? { queued, wakeAt: now, resumeAfter: people.at(-1)!.userId } : { queued };
}
