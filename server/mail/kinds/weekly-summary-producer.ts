import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { slotsBetween } from '../../../src/contract/slots';
import type { Db } from '../../db/client';
import { actions, users, villageNeeds, villagers, villages } from '../../db/schema';
import { releasedSentence } from '../../push/compose';
import { wantsMailBy } from '../preferences';
import type { ScheduledMailProducer } from '../scheduled-producer';
import { queueDigests } from './digest-queue';
import { helpsOf, helpsOnNeeds } from './digest-slot-sources';
import { slotDay, villagePlace, villageTitle } from './digest-village';
import { WEEKLY_LISTED_OPEN, type WeeklySummaryPayload } from './weekly-summary-mail';
import { pendingOrganisers, type PendingOrganiser } from './weekly-summary-pending';
import { push } from './open-slots';
import { doneHelpsOf, doneLine, WEEKLY_LISTED_DONE } from './weekly-summary-done';
import { quietNamesOf, WEEKLY_LISTED_QUIET } from './weekly-summary-quiet';
import { notClosed } from '../../villages/closed';

/** Sunday at 18 h in the village's zone: the week ahead is near, and there is still an evening to find helpers. */
export const WEEKLY_SUMMARY_HOUR = 18;
/** A server down on Sunday evening still sends it on Monday morning; later, the week has begun without it. */
const CATCH_UP_UNTIL_HOUR = 12;
const STARTED = 3;
const WITHDRAWAL_TYPES = ['help_deleted', 'help_withdrawn_late', 'help_released', 'villager_left', 'villager_banned'] as const;

/** The summary due at `now` in a zone: when it is due (Sunday 18 h) and the Monday its week starts; null when none is. */
export function dueWeeklySummary(zone: string, now: Date): { at: Date; monday: string; weekStart: Date; weekEnd: Date } | null {
  const local = DateTime.fromJSDate(now, { zone });
  let sunday: DateTime;
  if (local.weekday === 7 && local.hour >= WEEKLY_SUMMARY_HOUR) sunday = local;
  else if (local.weekday === 1 && local.hour < CATCH_UP_UNTIL_HOUR) sunday = local.minus({ days: 1 });
  else return null;
  const at = sunday.set({ hour: WEEKLY_SUMMARY_HOUR, minute: 0, second: 0, millisecond: 0 });
  const monday = sunday.plus({ days: 1 }).startOf('day');
  return { at: at.toJSDate(), monday: monday.toISODate()!, weekStart: monday.toJSDate(), weekEnd: monday.plus({ weeks: 1 }).toJSDate() };
}

/**
 * Whether any zone on Earth (UTC−12 to UTC+14) is between Sunday 18 h and Monday noon: the producer runs every
 * minute, and most of the week it need not read anything.
 */
function someZoneDue(now: Date): boolean {
  const sinceSunday = (now.getUTCDay() * 24 + now.getUTCHours()) * 60 + now.getUTCMinutes();
  const minute = (day: number, hour: number) => (day * 24 + hour) * 60;
  // Sunday 18 h at UTC+14 is Sunday 4 h UTC; Monday noon at UTC−12 is Tuesday 0 h UTC.
  return sinceSunday >= minute(0, 4) || sinceSunday < minute(2, 0);
}

/** Rows by their village, in their order. */
function groupBy<T extends { villageId: string }>(rows: readonly T[]): Map<string, T[]> {
  const byVillage = new Map<string, T[]>();
  for (const row of rows) push(byVillage, row.villageId, row);
  return byVillage;
}

export const weeklySummaryKey = (villagerId: string, monday: string) => `weekly:${villagerId}:${monday}`;

type Withdrawal = { villageId: string; type: string; data: Record<string, unknown>; createdAt: Date; actor: string | null };

/** A withdrawal in words, or null when it gave nothing back (a past help deleted, a member leaving with no slot). */
function withdrawalLine(w: Withdrawal, zone: string, now: Date): string | null {
  const d = w.data;
  const who = w.actor ?? 'Un membre';
  const slot =
    typeof d.start_date === 'string'
      ? `«\u00a0${String(d.need_name)}\u00a0» du ${slotDay(d.start_date, zone, now)}`
      : `«\u00a0${String(d.need_name)}\u00a0»`;
  switch (w.type) {
    case 'help_deleted':
      if (typeof d.start_date === 'string' && Date.parse(d.start_date) <= w.createdAt.getTime()) return null;
      return `${slot}\u00a0: aide retirée par ${who}`;
    case 'help_withdrawn_late':
      return `${slot}\u00a0: ${who} s’est retiré moins de 48\u00a0h avant`;
    case 'help_released':
      return `${slot}\u00a0: le créneau de ${typeof d.helper_first_name === 'string' ? d.helper_first_name : 'un membre'} a été annulé par un changement du planning`;
    case 'villager_left':
    case 'villager_banned': {
      const released = Number(d.released ?? 0);
      if (!(released > 0)) return null;
      const reason = w.type === 'villager_banned' ? 'banned' : d.account_deleted ? 'account_deleted' : 'left';
      return releasedSentence(typeof d.first_name === 'string' ? d.first_name : 'Un membre', reason, released);
    }
    default:
      return null;
  }
}

async function withdrawalsOf(db: Db, villageIds: string[], from: Date, to: Date): Promise<Withdrawal[]> {
  return db
    .select({ villageId: actions.villageId, type: actions.type, data: actions.data, createdAt: actions.createdAt, actor: users.firstName })
    .from(actions)
    .leftJoin(villagers, eq(villagers.id, actions.villagerId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(
      and(
        inArray(actions.villageId, villageIds),
        inArray(actions.type, [...WITHDRAWAL_TYPES]),
        gte(actions.createdAt, from),
        lt(actions.createdAt, to),
      ),
    )
    .orderBy(asc(actions.createdAt)) as Promise<Withdrawal[]>;
}

/**
 * The organisers' weekly summary (kind `weekly_summary`): on Sunday at 18 h in each village's zone, to each
 * active organiser (creator, needy person, co-organiser) who wants it, the coming Monday-to-Sunday: slots
 * covered, slots still open (the first few by day), and what was given back in the past week. Each village is
 * summed up once for all its organisers, in a few set-based queries.
 */
export const weeklySummaryProducer: ScheduledMailProducer = {
  name: 'weekly_summary',
  async run(db, now) {
    if (!someZoneDue(now)) return 0;
    const started = await db
      .select({ id: villages.id, firstName: villages.firstName, name: villages.name, timeZone: villages.timeZone })
      .from(villages)
      .where(and(eq(villages.state, STARTED), notClosed()));
    // Computed once per zone: a zone's clock is the same for all its villages.
    const summaryIn = new Map<string, ReturnType<typeof dueWeeklySummary>>();
    for (const village of started)
      if (!summaryIn.has(village.timeZone)) summaryIn.set(village.timeZone, dueWeeklySummary(village.timeZone, now));
    const due = new Map(
      started.flatMap((village) => {
        const summary = summaryIn.get(village.timeZone);
        return summary ? [[village.id, { village, summary }] as const] : [];
      }),
    );
    if (due.size === 0) return 0;

    const mondays = new Map([...due.values()].map(({ village, summary }) => [village.timeZone, summary.monday]));
    const recipients = (await pendingOrganisers(db, mondays)).filter((o) => wantsMailBy(o.settings, 'weekly_summary', o.villageId));
    if (recipients.length === 0) return 0;
    const keyOf = (o: PendingOrganiser) => weeklySummaryKey(o.villagerId, due.get(o.villageId)!.summary.monday);

    const villageIds = [...new Set(recipients.map((o) => o.villageId))];
    const needs = await db
      .select({ id: villageNeeds.id, villageId: villageNeeds.villageId, name: villageNeeds.name, schedule: villageNeeds.schedule })
      .from(villageNeeds)
      .where(and(inArray(villageNeeds.villageId, villageIds), isNotNull(villageNeeds.schedule)));
    const summaries = villageIds.map((id) => due.get(id)!.summary);
    // Only the helps of the weeks summed up: the others match no slot of theirs.
    const held = await helpsOnNeeds(
      db,
      needs.map((need) => need.id),
      {
        from: new Date(Math.min(...summaries.map((s) => s.weekStart.getTime()))),
        to: new Date(Math.max(...summaries.map((s) => s.weekEnd.getTime()))),
      },
    );
    const weekAgo = new Date(Math.min(...summaries.map((s) => s.at.getTime())) - 7 * 24 * 3600_000);
    const latest = new Date(Math.max(...summaries.map((s) => s.at.getTime())));
    const withdrawals = await withdrawalsOf(db, villageIds, weekAgo, latest);
    const doneHelps = await doneHelpsOf(db, villageIds, weekAgo, latest);
    const quiet = await quietNamesOf(db, villageIds, now);

    // Grouped by village once: each village then reads only its own rows.
    const needsOf = groupBy(needs);
    const withdrawalsIn = groupBy(withdrawals);
    const doneIn = groupBy(doneHelps);
    const payloads = new Map<string, Omit<WeeklySummaryPayload, 'first_name'>>();
    for (const villageId of villageIds) {
      const { village, summary } = due.get(villageId)!;
      const own = needsOf.get(villageId) ?? [];
      const names = new Map(own.map((need) => [need.id, need.name]));
      const slots = slotsBetween(own, helpsOf(held, own), () => true, village.timeZone, summary.weekStart, summary.weekEnd, now);
      const open = slots.filter((slot) => slot.open > 0);
      const since = summary.at.getTime() - 7 * 24 * 3600_000;
      const lines = (withdrawalsIn.get(villageId) ?? [])
        .filter((w) => w.createdAt.getTime() >= since && w.createdAt < summary.at)
        .flatMap((w) => withdrawalLine(w, village.timeZone, now) ?? []);
      const done = (doneIn.get(villageId) ?? []).filter((h) => h.doneAt.getTime() >= since && h.doneAt < summary.at);
      // A village with no slot this week, nothing given back and nothing done has nothing to sum up: no mail.
      if (slots.length === 0 && lines.length === 0 && done.length === 0) continue;
      payloads.set(villageId, {
        village_id: villageId,
        place: villagePlace(village),
        title: villageTitle(village),
        time_zone: village.timeZone,
        monday: summary.monday,
        slots: slots.length,
        covered: slots.length - open.length,
        open: open.length,
        first_open: open.slice(0, WEEKLY_LISTED_OPEN).map((slot) => ({
          start: slot.start_date,
          need_name: names.get(slot.village_need_id) ?? '',
          free: slot.open,
          places: slot.places,
        })),
        withdrawals: lines,
        done: done.slice(0, WEEKLY_LISTED_DONE).map((h) => doneLine(h, village.timeZone, now)),
        done_count: done.length,
        quiet: (quiet.get(villageId) ?? []).slice(0, WEEKLY_LISTED_QUIET),
        quiet_more: Math.max(0, (quiet.get(villageId)?.length ?? 0) - WEEKLY_LISTED_QUIET),
      });
    }
    const mails = recipients.flatMap((o) => {
      const summary = payloads.get(o.villageId);
      return summary ? [{ to: o.email, userId: o.userId, key: keyOf(o), payload: { ...summary, first_name: o.firstName } }] : [];
    });
    return queueDigests(db, 'weekly_summary', now, mails);
  },
};
