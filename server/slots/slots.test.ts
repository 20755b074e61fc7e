import { describe, expect, it } from 'vitest';
import { slotWindowMessage } from '../../src/contract/slots';
import { text as T } from '../http/errors';
import { createWorld } from '../test/world';
import { addScheduledNeed, DINNERS, FRIDAY_19_MARCH, MONDAY_29_MARCH, take, WEDNESDAY_17_MARCH } from '../test/schedules';

const world = await createWorld();
const NOW = new Date('2026-11-20T09:00:00Z');
const slotsOf = (villageId: string, token: string, from = '2027-03-01T00:00:00Z', to = '2027-05-01T00:00:00Z') =>
  world.request('GET', `/v1/villages/${villageId}/slots?from=${from}&to=${to}`, { token });

describe('GET /v1/villages/{id}/slots', () => {
  it('answers the 18 dinners, sorted, with their places and who holds them', async () => {
    world.clock.set(NOW);
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const needId = await addScheduledNeed(world, creator, village);
    // A need without a schedule has no slots.
    await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses' },
    });
    const taken = await take(world, helper, helperVillager, { villageId: village.id, needId }, WEDNESDAY_17_MARCH);
    expect(taken.status).toBe(201);

    const res = await slotsOf(village.id, helper.token);
    expect(res.status).toBe(200);
    const slots = res.body.data as {
      village_need_id: string;
      start_date: string;
      end_date: string;
      places: number;
      taken: string[];
      open: number;
    }[];
    expect(slots).toHaveLength(18);
    expect(slots.map((s) => s.start_date)).toEqual([...slots.map((s) => s.start_date)].sort());
    expect(slots.every((s) => s.village_need_id === needId && s.places === 3)).toBe(true);
    expect(slots[0]).toEqual({
      village_need_id: needId,
      start_date: '2027-03-15T18:00:00.000Z',
      end_date: '2027-03-15T19:30:00.000Z',
      places: 3,
      taken: [],
      open: 3,
    });
    expect(slots.find((s) => s.start_date === WEDNESDAY_17_MARCH)).toMatchObject({ taken: [taken.body.data.id], open: 2 });
    // 19:00 in Paris after the spring change, and the last of the 18 on Friday 23 April.
    expect(slots.find((s) => s.start_date === MONDAY_29_MARCH)).toBeDefined();
    expect(slots[17].start_date).toBe('2027-04-23T17:00:00.000Z');
    expect(slots.filter((s) => s.open === 3)).toHaveLength(17);
  });

  it('answers only the window asked, and leaves cancelled dates out', async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    const needId = await addScheduledNeed(world, creator, village, { ...DINNERS, exdates: ['2027-03-19T19:00', '2027-03-22T19:00'] });
    const all = await slotsOf(village.id, creator.token);
    expect(all.body.data).toHaveLength(16);
    expect(all.body.data.map((s: { start_date: string }) => s.start_date)).not.toContain(FRIDAY_19_MARCH);
    const week = await slotsOf(village.id, creator.token, '2027-03-15T00:00:00Z', '2027-03-22T00:00:00Z');
    expect(week.body.data.map((s: { start_date: string; village_need_id: string }) => [s.start_date, s.village_need_id])).toEqual([
      ['2027-03-15T18:00:00.000Z', needId],
      [WEDNESDAY_17_MARCH, needId],
    ]);
  });

  it('ignores the helps of people who left', async () => {
    world.clock.set(NOW);
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const needId = await addScheduledNeed(world, creator, village);
    expect((await take(world, helper, helperVillager, { villageId: village.id, needId }, WEDNESDAY_17_MARCH)).status).toBe(201);
    expect(
      (await world.request('PUT', `/v1/villages/${village.id}/villagers/${helperVillager}/leave`, { token: helper.token })).status,
    ).toBe(200);
    const res = await slotsOf(village.id, creator.token);
    expect(res.body.data.find((s: { start_date: string }) => s.start_date === WEDNESDAY_17_MARCH)).toMatchObject({ taken: [], open: 3 });
  });

  it('refuses a window of more than 366 days, or one that ends before it starts', async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    const tooWide = await slotsOf(village.id, creator.token, '2027-01-01T00:00:00Z', '2028-01-03T00:00:00Z');
    expect(tooWide.status).toBe(422);
    expect(tooWide.body.errors).toEqual([{ field: 'to', message: slotWindowMessage }]);
    const backwards = await slotsOf(village.id, creator.token, '2027-02-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].field).toBe('to');
    const missing = await world.request('GET', `/v1/villages/${village.id}/slots`, { token: creator.token });
    expect(missing.status).toBe(422);
  });

  it('is read by active villagers only', async () => {
    world.clock.set(NOW);
    const { creator, village } = await world.villageWithHelper();
    await addScheduledNeed(world, creator, village);
    const outsider = await world.user('Olivier');
    const refused = await slotsOf(village.id, outsider.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(T.notMember);
    expect((await world.request('GET', `/v1/villages/${village.id}/slots?from=2027-03-01T00:00:00Z&to=2027-04-01T00:00:00Z`)).status).toBe(
      401,
    );
    expect((await slotsOf(crypto.randomUUID(), creator.token)).status).toBe(404);
  });
});
