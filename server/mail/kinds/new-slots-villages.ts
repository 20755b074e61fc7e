import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { slotsBetween } from '../../../src/contract/slots';
import type { Db } from '../../db/client';
import { actions, newSlotsVillages, villageNeeds, villages } from '../../db/schema';
import { notClosed } from '../../villages/closed';
import { amongVillages } from '../settled-mark';
import { helpsOf, helpsOnNeeds } from './digest-slot-sources';
import { villagePlace, villageTitle } from './digest-village';
import { sliced } from './let-requests-in';
import { runShare } from './village-parts';

const STARTED = 3;

/** What a village's stored telling holds of one need (new_slots_villages.needs), oldest first. */
export type ToldNeed = {
  /** The villager who added it (the feed's `need_added`): not told of it. */
  author: string | null;
  created_at: string;
  name: string;
  /** A scheduled need's open slots in the coming weeks and the first; absent for a need without a schedule. */
  open_slots?: number;
  first_start?: string;
};

type NewNeed = {
  id: string;
  villageId: string;
  name: string;
  schedule: (typeof villageNeeds.$inferSelect)['schedule'];
  createdAt: Date;
  authorId: string | null;
  village: { firstName: string | null; name: string | null; timeZone: string };
};

/** The needs added in [from, to) in these started villages, with who added them (the feed's `need_added`). */
async function newNeeds(db: Db, from: Date, to: Date, villageIds: readonly string[]): Promise<NewNeed[]> {
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
        amongVillages(villageNeeds.villageId, villageIds),
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
 * The villages with needs offered to the circle added in [from, to), started and open, whose telling for this
 * `period` is missing or older than their last write (their revision), in the order of their ids, with how many
 * such needs each has and the revision read now.
 */
async function untoldVillages(db: Db, from: Date, to: Date, period: string, only: readonly string[] | null) {
  const result = await db.execute(sql`
    select v.id as village_id, v.revision, count(*)::int as needs
    from village_needs n
    join villages v on v.id = n.village_id
    left join ${newSlotsVillages} s on s.village_id = v.id
    where n.created_at >= ${from.toISOString()}::timestamptz and n.created_at < ${to.toISOString()}::timestamptz
      and n.organisers_only = false and v.state = ${STARTED} and v.closed_at is null and ${amongVillages(sql`v.id`, only)}
      and (s.village_id is null or s.period <> ${period} or s.revision <> v.revision)
    group by v.id, v.revision
    order by v.id`);
  return (result as unknown as { rows: Array<{ village_id: string; revision: number; needs: number }> }).rows.map((row) => ({
    villageId: row.village_id,
    revision: Number(row.revision),
    needs: Number(row.needs),
  }));
}

/**
 * The first half of a run of the new-slots digest: what it tells of each village with new needs, made once for
 * all its members and stored for the `period` (new_slots_villages), a share of about `needsPerRun` needs a run
 * (whole villages): its new needs in [from, to), oldest first, each scheduled one with its open slots from `now`
 * over `horizon` (one that has none is not told), with who added it. Stored with the revision read before its
 * needs: a write since makes it told again. Another period's are deleted. Answers how many needs it read, and
 * whether villages are left.
 */
export async function tellNewSlotsVillages(
  db: Db,
  now: Date,
  { from, to, horizon, period, only }: { from: Date; to: Date; horizon: Date; period: string; only: readonly string[] | null },
  needsPerRun: number,
): Promise<{ needs: number; left: boolean }> {
  await db.execute(sql`delete from ${newSlotsVillages} where period <> ${period}`);
  const untold = await untoldVillages(db, from, to, period, only);
  if (untold.length === 0) return { needs: 0, left: false };
  const { share, left } = runShare(untold, needsPerRun, (village) => village.needs);
  const needs = await newNeeds(
    db,
    from,
    to,
    share.map((village) => village.villageId),
  );

  // Open slots of each new scheduled need, counted once for everyone.
  const scheduled = needs.filter((need) => need.schedule);
  const held = await helpsOnNeeds(
    db,
    scheduled.map((need) => need.id),
    { from: now, to: horizon },
  );
  const told = new Map<string, ToldNeed[]>(share.map((village) => [village.villageId, []]));
  const villageOf = new Map<string, NewNeed['village']>();
  const turn = sliced();
  for (const need of needs) {
    await turn();
    villageOf.set(need.villageId, need.village);
    const base = { author: need.authorId, created_at: need.createdAt.toISOString(), name: need.name };
    if (!need.schedule) {
      told.get(need.villageId)?.push(base);
      continue;
    }
    const open = slotsBetween([need], helpsOf(held, [need]), () => true, need.village.timeZone, now, horizon, now).filter(
      (slot) => slot.open > 0,
    );
    if (open.length) told.get(need.villageId)?.push({ ...base, open_slots: open.length, first_start: open[0].start_date });
  }

  const rows = share.map(({ villageId, revision }) => {
    const village = villageOf.get(villageId);
    // A village whose needs were all deleted meanwhile is stored with nothing to tell.
    const base = village ? { id: villageId, place: villagePlace(village), title: villageTitle(village), time_zone: village.timeZone } : {};
    const needs = told.get(villageId) ?? [];
    const scheduled = needs.flatMap((need) =>
      need.open_slots === undefined ? [] : [{ name: need.name, open_slots: need.open_slots, first_start: need.first_start }],
    );
    const undated = needs.flatMap((need) => (need.open_slots === undefined ? [need.name] : []));
    return {
      village_id: villageId,
      revision,
      base,
      needs,
      whole: needs.length ? { ...base, scheduled, undated } : null,
      authors: [...new Set(needs.flatMap((need) => (need.author ? [need.author] : [])))],
      oldest: needs[0]?.created_at ?? null,
      newest: needs.at(-1)?.created_at ?? null,
    };
  });
  await db.execute(sql`
    insert into ${newSlotsVillages} (village_id, period, revision, base, needs, whole, authors, oldest, newest)
    select r.village_id, ${period}, r.revision, r.base, r.needs, r.whole, r.authors, r.oldest, r.newest
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(village_id uuid, revision int, base jsonb, needs jsonb, whole jsonb, authors jsonb, oldest timestamptz, newest timestamptz)
    on conflict (village_id) do update set period = excluded.period, revision = excluded.revision, base = excluded.base,
      needs = excluded.needs, whole = excluded.whole, authors = excluded.authors, oldest = excluded.oldest, newest = excluded.newest`);
  return { needs: share.reduce((sum, village) => sum + village.needs, 0), left };
}
