import { DateTime } from 'luxon';
import type { Help, NeedCategory, VillageNeed, Villager } from '../../../src/contract';
import type { VillageDatabase } from '../../../src/db/database';
import { aHelp, aNeed, aVillage, aVillager } from '../../../src/testing/factories';

export const VILLAGE_ID = '0b0c0d0e-0000-4000-8000-000000000001';
/**
 * Ids shaped as the app's (UUIDs, 36 characters), fixed from the kind and number: the planning's rows hold
 * them, and short ids made a month of them less than half as long (381 K characters against 160 K at the start
 * of the rows' shortening).
 */
const uuid = (kind: number, i: number) => `${kind.toString(16).padStart(8, '0')}-1234-4abc-8def-${i.toString(16).padStart(12, '0')}`;
const VILLAGERS = 30;
const NEEDS = 50;
export const DAILY_SLOTS = 730;
const CATEGORIES = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#6d597a', '#277da1', '#c44536', '#43aa8b'];

/** A fixed sequence (mulberry32), so that every run plans the same year. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One village, 30 villagers (two of them gone, as in life), 50 needs and `helpCount` helps over the year around now,
 * and a need with a daily slot for two years (730 occurrences, every other one taken).
 */
export async function seedVillage(db: VillageDatabase, helpCount: number, now = Date.now()) {
  const rand = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const categories: NeedCategory[] = CATEGORIES.map((color, i) => ({ id: uuid(6, i), name: `Catégorie ${i + 1}`, color }));
  const villagers: Villager[] = Array.from({ length: VILLAGERS }, (_, i) =>
    aVillager({
      id: uuid(1, i),
      village_id: VILLAGE_ID,
      user_id: `user-${i}`,
      is_needy: i === 0,
      is_creator: i === 0,
      is_out: i === 28,
      is_ban: i === 29,
      user: { first_name: `Prénom${i}`, last_name: `Nom${i}` },
    }),
  );
  const needs: VillageNeed[] = Array.from({ length: NEEDS }, (_, i) =>
    aNeed({ id: uuid(2, i), village_id: VILLAGE_ID, category_id: i % 10 === 9 ? null : pick(categories).id, name: `Besoin ${i + 1}` }),
  );
  const hour = 3_600_000;
  const yearStart = now - 182 * 24 * hour;
  const helps: Help[] = Array.from({ length: helpCount }, (_, i) => {
    const day = Math.floor(rand() * 365);
    const start = Math.floor((yearStart + day * 24 * hour) / hour) * hour + (6 + Math.floor(rand() * 14)) * hour;
    const hasEnd = rand() > 0.1;
    // The fields are drawn in this order: another order plans another year.
    return aHelp({
      id: uuid(3, i),
      village_id: VILLAGE_ID,
      village_need_id: pick(needs).id,
      helper_id: pick(villagers).id,
      start_date: new Date(start).toISOString(),
      end_date: hasEnd ? new Date(start + (1 + Math.floor(rand() * 3)) * hour).toISOString() : null,
      comment: rand() > 0.7 ? 'Un commentaire' : null,
    });
  });
  // A need with a slot every day at noon for two years (730 occurrences), half of them taken.
  const today = new Date(now).toISOString().slice(0, 10);
  const daily = aNeed({
    id: uuid(5, 0),
    village_id: VILLAGE_ID,
    category_id: categories[0].id,
    name: 'Repas du midi',
    schedule: { dtstart: `${today}T12:00`, duration_minutes: 60, rrule: `FREQ=DAILY;COUNT=${DAILY_SLOTS}`, exdates: [], places: 2 },
  });
  needs.push(daily);
  for (let day = 0; day < DAILY_SLOTS; day += 2) {
    const start = DateTime.fromISO(`${today}T12:00`, { zone: 'Europe/Paris' }).plus({ days: day }).toMillis();
    helps.push(
      aHelp({
        id: uuid(4, day),
        village_id: VILLAGE_ID,
        village_need_id: daily.id,
        helper_id: villagers[day % 28].id,
        start_date: new Date(start).toISOString(),
        end_date: new Date(start + hour).toISOString(),
      }),
    );
  }
  const village = aVillage({
    id: VILLAGE_ID,
    state: 2,
    creation_mode: 1,
    name: 'Village du banc d’essai',
    first_name: null,
    last_name: null,
    share_code: 'BENCH',
  });
  await db.transaction('rw', [db.villages, db.villagers, db.needs, db.helps, db.categories], async () => {
    await db.villages.put(village);
    await db.categories.bulkPut(categories);
    await db.villagers.bulkPut(villagers);
    await db.needs.bulkPut(needs);
    await db.helps.bulkPut(helps);
  });
}
