import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actions, helps, pushJobs, villagers } from '../db/schema';
import { composeJob } from '../push/compose';
import { text } from '../http/errors';
import { createWorld, type TestUser } from '../test/world';

const world = await createWorld();
const DAY_MS = 24 * 3600 * 1000;

/** An instant `days` days from the world's clock, as the API takes it. */
const inDays = (days: number) => new Date(world.clock.now().getTime() + days * DAY_MS).toISOString();

type Village = Awaited<ReturnType<typeof world.village>>;

const setRole = (village: Village, by: { token: string; villagerId: string }, villagerId: string, isManager: boolean) =>
  world.request('PUT', `/v1/villages/${village.id}/villagers/${villagerId}`, {
    token: by.token,
    json: { is_manager: isManager, updater_id: by.villagerId },
  });

const addNeed = (village: Village, by: { token: string; villagerId: string }, name = 'Courses') =>
  world.request('POST', `/v1/villages/${village.id}/needs`, { token: by.token, json: { villager_id: by.villagerId, name } });

async function needOf(village: Village, creator: TestUser) {
  const res = await addNeed(village, { token: creator.token, villagerId: village.creatorVillagerId });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function takeHelp(village: Village, needId: string, who: { token: string; villagerId: string }, start: string) {
  const res = await world.request('POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
    token: who.token,
    json: { helper_id: who.villagerId, start_date: start },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

const ban = (village: Village, by: { token: string; villagerId: string }, villagerId: string) =>
  world.request('DELETE', `/v1/villages/${village.id}/villagers/${villagerId}?deleter_id=${by.villagerId}`, { token: by.token });

const leave = (village: Village, who: { token: string; villagerId: string }) =>
  world.request('PUT', `/v1/villages/${village.id}/villagers/${who.villagerId}/leave`, { token: who.token });

const lastAction = async (villageId: string) => {
  const rows = await world.db.select().from(actions).where(eq(actions.villageId, villageId));
  return rows.sort((a, b) => a.id.localeCompare(b.id)).at(-1)!;
};

const jobsOf = (villageId: string, kind: string) =>
  world.db
    .select()
    .from(pushJobs)
    .where(and(eq(pushJobs.villageId, villageId), eq(pushJobs.kind, kind)));

/** Who a queued job tells, and what: composed as the dispatcher would when it sends it. */
async function told(villageId: string, kind: string) {
  const jobs = await jobsOf(villageId, kind);
  expect(jobs).toHaveLength(1);
  const deliveries = await composeJob(world.db, { villageId, kind, data: jobs[0].data as Record<string, unknown> }, world.clock.now());
  return deliveries.map((d) => ({ userId: d.userId, body: d.payload.body }));
}

/** Claire's village with Hugo (made co-organiser) and Paul (a helper). */
async function villageWithCoOrganiser() {
  const { creator, helper: hugo, village, helperVillager: hugoId } = await world.villageWithHelper();
  const paul = await world.user('Paul');
  const paulId = await world.join(paul, village.shareCode);
  const claire = { token: creator.token, villagerId: village.creatorVillagerId };
  const named = await setRole(village, claire, hugoId, true);
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  return {
    village,
    creator,
    claire,
    hugo,
    hugoId,
    coOrganiser: { token: hugo.token, villagerId: hugoId },
    paul,
    paulId,
    paulActs: { token: paul.token, villagerId: paulId },
  };
}

describe('naming co-organisers', () => {
  it('the creator makes a helper co-organiser: answered, said in the feed, and the helper told by a push', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const res = await setRole(village, { token: creator.token, villagerId: village.creatorVillagerId }, helperVillager, true);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: helperVillager, is_manager: true, is_creator: false, is_needy: false });
    const action = await lastAction(village.id);
    expect(action).toMatchObject({
      type: 'villager_role_changed',
      villagerId: village.creatorVillagerId,
      data: { villager_id: helperVillager, first_name: 'Hugo', is_manager: true },
    });
    expect(await told(village.id, 'villager_role_changed')).toEqual([
      { userId: helper.id, body: "Claire vous a confié l'organisation du village de Jeanne." },
    ]);
    const view = await world.request('GET', `/v1/villages/${village.id}?include=villagers`, { token: helper.token });
    expect(view.body.data.villagers.find((v: { id: string }) => v.id === helperVillager).is_manager).toBe(true);
  });

  it('a co-organiser adds a need, refuses a help, removes a helper; but names nobody and removes neither the creator nor another co-organiser', async () => {
    const { village, creator, claire, coOrganiser, paul, paulId, paulActs } = await villageWithCoOrganiser();
    expect((await addNeed(village, coOrganiser, 'Promener le chien')).status).toBe(201);
    const needId = await needOf(village, creator);
    const helpId = await takeHelp(village, needId, paulActs, inDays(2));
    const refused = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/helps/${helpId}/refuse?villager_id=${coOrganiser.villagerId}`,
      {
        token: coOrganiser.token,
      },
    );
    expect(refused.status).toBe(204);

    const appoint = await setRole(village, coOrganiser, paulId, true);
    expect(appoint).toMatchObject({ status: 403, body: { message: text.notAppointer } });
    expect((await ban(village, coOrganiser, village.creatorVillagerId)).status).toBe(403);
    // A second co-organiser: the first may not remove them, the creator may (and that ends their role).
    const lea = await world.user('Léa');
    const leaId = await world.join(lea, village.shareCode);
    expect((await setRole(village, claire, leaId, true)).status).toBe(200);
    const refusedBan = await ban(village, coOrganiser, leaId);
    expect(refusedBan.status).toBe(403);
    expect(refusedBan.body.message).toMatch(/co-organisateur/);
    expect((await ban(village, claire, leaId)).status).toBe(204);
    const [gone] = await world.db.select().from(villagers).where(eq(villagers.id, leaId));
    expect(gone).toMatchObject({ isBan: true, isManager: false });

    expect((await ban(village, coOrganiser, paulId)).status).toBe(204);
    expect((await world.request('GET', `/v1/villages/${village.id}`, { token: paul.token })).status).toBe(403);
  });

  it('the needy person names co-organisers too, and takes it back; the creator and the needy person stay managers', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const nadia = await world.user('Nadia');
    const nadiaId = await world.join(nadia, village.shareCode);
    await world.makeNeedy(nadiaId);
    const needy = { token: nadia.token, villagerId: nadiaId };
    const hugo = { token: helper.token, villagerId: helperVillager };

    expect((await setRole(village, needy, helperVillager, true)).body.data.is_manager).toBe(true);
    expect((await addNeed(village, hugo)).status).toBe(201);
    const back = await setRole(village, needy, helperVillager, false);
    expect(back.status).toBe(200);
    expect(back.body.data.is_manager).toBe(false);
    expect((await lastAction(village.id)).data).toEqual({ villager_id: helperVillager, first_name: 'Hugo', is_manager: false });
    const pushes = await jobsOf(village.id, 'villager_role_changed');
    const withdrawn = pushes.find((j) => (j.data as { is_manager: boolean }).is_manager === false)!;
    const [delivery] = await composeJob(
      world.db,
      { villageId: village.id, kind: withdrawn.kind, data: withdrawn.data as Record<string, unknown> },
      world.clock.now(),
    );
    expect(delivery).toMatchObject({
      userId: helper.id,
      payload: { body: "Nadia a repris l'organisation du village de Jeanne\u00a0: vous restez membre du village." },
    });
    const refused = await addNeed(village, hugo);
    expect(refused).toMatchObject({ status: 403, body: { message: text.notManager } });

    // Naming the creator changes nothing; taking it from them is refused, in French.
    const actionsBefore = (await world.db.select().from(actions).where(eq(actions.villageId, village.id))).length;
    const same = await setRole(village, needy, village.creatorVillagerId, true);
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ is_creator: true, is_manager: false });
    expect((await world.db.select().from(actions).where(eq(actions.villageId, village.id))).length).toBe(actionsBefore);
    const takeFromCreator = await setRole(village, needy, village.creatorVillagerId, false);
    expect(takeFromCreator.status).toBe(409);
    expect(takeFromCreator.body.message).toMatch(/ne peut pas leur être retiré/);
    expect((await addNeed(village, { token: creator.token, villagerId: village.creatorVillagerId })).status).toBe(201);
  });

  it('refuses someone who has left, an unknown villager, and a plain helper naming someone', async () => {
    const { creator, helper, village, helperVillager } = await world.villageWithHelper();
    const claire = { token: creator.token, villagerId: village.creatorVillagerId };
    const lea = await world.user('Léa');
    const leaId = await world.join(lea, village.shareCode);
    expect((await setRole(village, { token: helper.token, villagerId: helperVillager }, leaId, true)).status).toBe(403);
    expect((await leave(village, { token: lea.token, villagerId: leaId })).status).toBe(200);
    expect(await setRole(village, claire, leaId, true)).toMatchObject({ status: 409, body: { message: text.notActiveVillager } });
    const unknown = await setRole(village, claire, '0190a1b2-0000-7000-8000-000000000000', true);
    expect(unknown).toMatchObject({ status: 404, body: { message: text.villagerNotFound } });
  });
});

describe('the last organiser', () => {
  it('a co-organiser leaves while the creator stays; the creator leaves once a co-organiser stays; the last one cannot', async () => {
    const { village, creator, claire, hugo, coOrganiser, hugoId } = await villageWithCoOrganiser();
    // Hugo leaves and comes back: no longer a co-organiser.
    const left = await leave(village, coOrganiser);
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ is_out: true, is_manager: false });
    await world.join(hugo, village.shareCode);
    const [back] = await world.db.select().from(villagers).where(eq(villagers.id, hugoId));
    expect(back).toMatchObject({ isOut: false, isManager: false });
    expect((await addNeed(village, coOrganiser)).status).toBe(403);

    expect((await setRole(village, claire, hugoId, true)).status).toBe(200);
    expect((await leave(village, claire)).status).toBe(200);
    // Hugo now manages alone: he cannot leave, and the village is still his to manage.
    expect(await leave(village, coOrganiser)).toMatchObject({ status: 409, body: { message: text.lastManager } });
    expect((await addNeed(village, coOrganiser)).status).toBe(201);
    expect((await world.request('GET', `/v1/villages/${village.id}`, { token: creator.token })).status).toBe(403);
  });
});

describe('nobody dropped silently', () => {
  it('leaving releases the future helps in the same write, keeps the past ones, and tells the organisers how many', async () => {
    const { village, creator, hugo, coOrganiser, paul, paulId, paulActs } = await villageWithCoOrganiser();
    const needId = await needOf(village, creator);
    const past = await takeHelp(village, needId, paulActs, inDays(1));
    world.clock.advance(2 * DAY_MS);
    const future = [
      await takeHelp(village, needId, paulActs, inDays(1)),
      await takeHelp(village, needId, paulActs, inDays(3)),
      await takeHelp(village, needId, paulActs, inDays(10)),
    ];
    const others = await takeHelp(village, needId, coOrganiser, inDays(3));
    expect(
      await world.db
        .select()
        .from(pushJobs)
        .where(
          inArray(
            pushJobs.key,
            future.map((id) => `hour:${id}`),
          ),
        ),
    ).toHaveLength(3);

    const res = await leave(village, paulActs);
    expect(res.status).toBe(200);
    const left = await world.db.select({ id: helps.id }).from(helps).where(eq(helps.villageId, village.id));
    expect(left.map((h) => h.id).sort()).toEqual([past, others].sort());
    expect(await lastAction(village.id)).toMatchObject({
      type: 'villager_left',
      villagerId: paulId,
      data: { first_name: 'Paul', released: 3 },
    });
    // Their reminders go with them.
    const keys = future.flatMap((id) => [`hour:${id}`, `evening:${id}`]);
    expect(await world.db.select().from(pushJobs).where(inArray(pushJobs.key, keys))).toEqual([]);
    // One push, to both organisers (not to Paul).
    const pushes = await told(village.id, 'helps_released');
    expect(pushes.map((p) => p.userId).sort()).toEqual([creator.id, hugo.id].sort());
    expect(pushes[0].body).toBe('Paul a quitté le village\u00a0: 3 créneaux sont à nouveau à pourvoir.');

    // Joining again does not bring them back.
    await world.join(paul, village.shareCode);
    expect(await world.db.select().from(helps).where(eq(helps.helperId, paulId))).toHaveLength(1);
  });

  it('a released scheduled slot shows as open again in the slots', async () => {
    const { village, claire, paulActs } = await villageWithCoOrganiser();
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: claire.token,
      json: {
        villager_id: claire.villagerId,
        name: 'Dîner',
        schedule: { dtstart: '2026-11-23T19:00', duration_minutes: 90, rrule: 'FREQ=DAILY;COUNT=3', places: 1 },
      },
    });
    expect(need.status, JSON.stringify(need.body)).toBe(201);
    // 19:00 in Paris is 18:00 UTC in November.
    await takeHelp(village, need.body.data.id, paulActs, '2026-11-24T18:00:00.000Z');
    const slots = () =>
      world.request('GET', `/v1/villages/${village.id}/slots?from=2026-11-23T00:00:00.000Z&to=2026-11-26T00:00:00.000Z`, {
        token: claire.token,
      });
    expect((await slots()).body.data.map((slot: { open: number }) => slot.open)).toEqual([1, 0, 1]);
    expect((await leave(village, paulActs)).status).toBe(200);
    expect((await slots()).body.data.map((slot: { open: number }) => slot.open)).toEqual([1, 1, 1]);
    expect((await lastAction(village.id)).data).toEqual({ first_name: 'Paul', released: 1 });
  });

  it('a removal releases them too, said in the singular for one; the remover is not told', async () => {
    const { village, creator, claire, hugo, paulId, paulActs } = await villageWithCoOrganiser();
    const needId = await needOf(village, creator);
    await takeHelp(village, needId, paulActs, inDays(4));
    expect((await ban(village, claire, paulId)).status).toBe(204);
    expect(await world.db.select().from(helps).where(eq(helps.helperId, paulId))).toEqual([]);
    expect(await lastAction(village.id)).toMatchObject({
      type: 'villager_banned',
      villagerId: village.creatorVillagerId,
      data: { villager_id: paulId, first_name: 'Paul', released: 1 },
    });
    expect(await told(village.id, 'helps_released')).toEqual([
      { userId: hugo.id, body: 'Paul a été retiré du village\u00a0: 1 créneau est à nouveau à pourvoir.' },
    ]);
  });

  it('with nothing to release, the feed says 0 and nobody is pushed', async () => {
    const { village, paulActs } = await villageWithCoOrganiser();
    expect((await leave(village, paulActs)).status).toBe(200);
    expect((await lastAction(village.id)).data).toEqual({ first_name: 'Paul', released: 0 });
    expect(await jobsOf(village.id, 'helps_released')).toEqual([]);
  });

  it('a deleted account releases its future helps in every village it was in, each village told', async () => {
    const { village, creator, paul, paulId, paulActs } = await villageWithCoOrganiser();
    const second = await world.village(creator);
    const paulThere = { token: paul.token, villagerId: await world.join(paul, second.shareCode) };
    await takeHelp(village, await needOf(village, creator), paulActs, inDays(2));
    const otherNeed = await needOf(second, creator);
    await takeHelp(second, otherNeed, paulThere, inDays(2));
    await takeHelp(second, otherNeed, paulThere, inDays(5));

    expect((await world.request('DELETE', `/v1/users/${paul.id}`, { token: paul.token })).status).toBe(204);
    expect(
      await world.db
        .select()
        .from(helps)
        .where(inArray(helps.helperId, [paulId, paulThere.villagerId])),
    ).toEqual([]);
    expect((await lastAction(village.id)).data).toEqual({ first_name: 'Paul', released: 1, account_deleted: true });
    expect((await lastAction(second.id)).data).toEqual({ first_name: 'Paul', released: 2, account_deleted: true });
    expect((await told(second.id, 'helps_released')).map((p) => p.body)).toEqual([
      'Paul a supprimé son compte\u00a0: 2 créneaux sont à nouveau à pourvoir.',
    ]);
  });

  it('a leave refused for the last organiser releases nothing', async () => {
    const { creator, village } = await world.villageWithHelper();
    const claire = { token: creator.token, villagerId: village.creatorVillagerId };
    const needId = await needOf(village, creator);
    const mine = await takeHelp(village, needId, claire, inDays(3));
    const before = await world.db.select().from(actions).where(eq(actions.villageId, village.id));
    expect(await leave(village, claire)).toMatchObject({ status: 409, body: { message: text.lastManager } });
    expect(await world.db.select({ id: helps.id }).from(helps).where(eq(helps.helperId, village.creatorVillagerId))).toEqual([
      { id: mine },
    ]);
    expect(await world.db.select().from(actions).where(eq(actions.villageId, village.id))).toHaveLength(before.length);
    expect(await jobsOf(village.id, 'helps_released')).toEqual([]);
  });
});
