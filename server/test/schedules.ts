import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import type { Schedule, ScheduleInput } from '../../src/contract/schedule';
import { villageNeeds } from '../db/schema';
import type { TestUser, World } from './world';

/** Dîner lundi, mercredi et vendredi à 19 h pendant six semaines, from 15 March 2027: across the spring change (28 March). */
export const DINNERS: ScheduleInput = {
  dtstart: '2027-03-15T19:00',
  duration_minutes: 90,
  rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=18',
  places: 3,
};

/** Before the change 19:00 in Paris is 18:00 UTC, after it 17:00 UTC. */
export const WEDNESDAY_17_MARCH = '2027-03-17T18:00:00.000Z';
export const FRIDAY_19_MARCH = '2027-03-19T18:00:00.000Z';
export const MONDAY_29_MARCH = '2027-03-29T17:00:00.000Z';

/** A scheduled need added by the village's creator through the API; answers its id. */
export async function addScheduledNeed(
  world: World,
  creator: TestUser,
  village: { id: string; creatorVillagerId: string },
  schedule: ScheduleInput | null = DINNERS,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: creator.token,
    json: { villager_id: village.creatorVillagerId, name: 'Dîner', schedule, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

/** Takes one slot (or proposes a free help) as `user`; answers the raw answer. */
export function take(
  world: World,
  user: TestUser,
  villagerId: string,
  path: { villageId: string; needId: string },
  start: string,
  more: { end_date?: string; comment?: string; headers?: Record<string, string> } = {},
) {
  const { headers, ...fields } = more;
  return world.request('POST', `/v1/villages/${path.villageId}/needs/${path.needId}/helps`, {
    token: user.token,
    json: { helper_id: villagerId, start_date: start, ...fields },
    headers,
  });
}

/**
 * Scheduled needs written straight to the database, past every check of the API: what a database written
 * before a check was added may hold. Answers their ids.
 */
export async function storeScheduledNeeds(world: World, villageId: string, schedule: Schedule, count = 1): Promise<string[]> {
  const now = world.clock.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: uuidv7(),
    villageId,
    name: `Besoin ${i + 1}`,
    schedule,
    createdAt: now,
    updatedAt: now,
  }));
  await world.db.insert(villageNeeds).values(rows);
  return rows.map((row) => row.id);
}
