import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createWorld } from '../test/world';
import { helps } from '../db/schema';
import { messages } from '../../src/contract';

const world = await createWorld();
const LEAN = 'photo,needs,villagers,villagers.user,villagers.user.photo,helps';

/**
 * A village whose helps started over the past year, written straight to the database: the API refuses a
 * help that starts in the past, and a village's history is made of such helps. Two share each start.
 */
async function villageWithHistory() {
  const cast = await world.villageWithHelper();
  const { creator, village, helperVillager } = cast;
  const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: creator.token,
    json: { villager_id: village.creatorVillagerId, name: 'Courses' },
  });
  const other = await world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: creator.token,
    json: { villager_id: village.creatorVillagerId, name: 'Visite' },
  });
  const now = world.clock.now().getTime();
  const rows = Array.from({ length: 40 }, (_, i) => ({
    id: uuidv7(),
    villageId: village.id,
    villageNeedId: i % 4 === 0 ? other.body.data.id : need.body.data.id,
    helperId: i % 2 === 0 ? helperVillager : village.creatorVillagerId,
    // 20 distinct starts, 10 days apart, two helps each: from 200 days ago to 10 days ahead.
    startDate: new Date(now - (Math.floor(i / 2) * 10 - 10) * 24 * 3600_000),
    comment: null,
  }));
  await world.db.insert(helps).values(rows);
  return { ...cast, needId: need.body.data.id as string, otherNeedId: other.body.data.id as string, rows };
}

const newestFirst = (rows: { id: string; startDate: Date }[]) =>
  [...rows].sort((a, b) => b.startDate.getTime() - a.startDate.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);

describe('the village with a window of helps', () => {
  it('leaves out the helps that started before helps_from, and keeps the spec’s include whole without it', async () => {
    const { helper, village, rows } = await villageWithHistory();
    const from = new Date(world.clock.now().getTime() - 90 * 24 * 3600_000).toISOString().slice(0, 10);
    const recent = await world.request('GET', `/v1/villages/${village.id}?include=${LEAN}&helps_from=${from}`, { token: helper.token });
    expect(recent.status).toBe(200);
    const expected = rows.filter((r) => r.startDate >= new Date(`${from}T00:00:00Z`)).map((r) => r.id);
    expect(recent.body.data.helps.map((h: { id: string }) => h.id).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    // The lean include: needs once, helps without a copy of theirs.
    expect(recent.body.data.needs).toHaveLength(2);
    expect(recent.body.data.helps.every((h: object) => !('village_need' in h))).toBe(true);

    const all = await world.request('GET', `/v1/villages/${village.id}?include=${LEAN},helps.villageNeed`, { token: helper.token });
    expect(all.body.data.helps).toHaveLength(rows.length);
    expect(all.body.data.helps[0].village_need).toMatchObject({ village_id: village.id });
    // Two windows are two answers: neither is served for the other.
    expect(all.headers.get('ETag')).not.toBe(recent.headers.get('ETag'));
    const again = await world.request('GET', `/v1/villages/${village.id}?include=${LEAN}&helps_from=${from}`, {
      token: helper.token,
      headers: { 'If-None-Match': recent.headers.get('ETag')! },
    });
    expect(again.status).toBe(304);
  });

  it('refuses a helps_from that is not a day, in French', async () => {
    const { helper, village } = await villageWithHistory();
    const res = await world.request('GET', `/v1/villages/${village.id}?include=helps&helps_from=hier`, { token: helper.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'helps_from', message: messages.date }]);
  });
});

describe('GET /v1/villages/{id}/helps', () => {
  it('pages the helps before an instant newest first, never skipping nor repeating one that shares a start', async () => {
    const { helper, village, rows } = await villageWithHistory();
    const seen: string[] = [];
    let cursor = world.clock.now().toISOString();
    for (let page = 0; page < 20; page++) {
      const res = await world.request('GET', `/v1/villages/${village.id}/helps?before=${encodeURIComponent(cursor)}&limit=3`, {
        token: helper.token,
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((h: { id: string }) => h.id));
      if (!res.body.has_more) break;
      expect(res.body.data).toHaveLength(3);
      cursor = res.body.data[2].id;
    }
    expect(seen).toEqual(newestFirst(rows.filter((r) => r.startDate < world.clock.now())));
  });

  it('keeps to a range and to one need when asked', async () => {
    const { helper, village, rows, otherNeedId } = await villageWithHistory();
    const now = world.clock.now().getTime();
    const from = new Date(now - 100 * 24 * 3600_000).toISOString();
    const before = new Date(now - 30 * 24 * 3600_000).toISOString();
    const range = await world.request('GET', `/v1/villages/${village.id}/helps?before=${before}&from=${from}&limit=500`, {
      token: helper.token,
    });
    expect(range.body.has_more).toBe(false);
    expect(range.body.data.map((h: { id: string }) => h.id)).toEqual(
      newestFirst(rows.filter((r) => r.startDate >= new Date(from) && r.startDate < new Date(before))),
    );
    const one = await world.request('GET', `/v1/villages/${village.id}/helps?before=${before}&need_id=${otherNeedId}`, {
      token: helper.token,
    });
    expect(one.body.data.length).toBeGreaterThan(0);
    expect(one.body.data.every((h: { village_need_id: string }) => h.village_need_id === otherNeedId)).toBe(true);
  });

  it('shows no help of a villager who left, and nothing to someone outside the village', async () => {
    const { creator, helper, village, rows, helperVillager } = await villageWithHistory();
    const left = await world.request('PUT', `/v1/villages/${village.id}/villagers/${helperVillager}/leave`, { token: helper.token });
    expect(left.status).toBe(200);
    const before = world.clock.now().toISOString();
    const res = await world.request('GET', `/v1/villages/${village.id}/helps?before=${before}&limit=500`, { token: creator.token });
    expect(res.body.data.map((h: { id: string }) => h.id)).toEqual(
      newestFirst(rows.filter((r) => r.startDate < new Date(before) && r.helperId !== helperVillager)),
    );
    expect(res.body.data.length).toBeGreaterThan(0);
    const outsider = await world.user('Zoé');
    expect((await world.request('GET', `/v1/villages/${village.id}/helps?before=${before}`, { token: outsider.token })).status).toBe(403);
    expect((await world.request('GET', `/v1/villages/${village.id}/helps?before=${before}`, { token: helper.token })).status).toBe(403);
  });

  it('refuses a cursor that is neither a help nor an instant, and a page over 500, in French', async () => {
    const { helper, village } = await villageWithHistory();
    const bad = await world.request('GET', `/v1/villages/${village.id}/helps?before=hier`, { token: helper.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'before', message: messages.wrongType }]);
    const big = await world.request('GET', `/v1/villages/${village.id}/helps?before=${world.clock.now().toISOString()}&limit=501`, {
      token: helper.token,
    });
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual([{ field: 'limit', message: messages.oneOf }]);
    const none = await world.request('GET', `/v1/villages/${village.id}/helps`, { token: helper.token });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].field).toBe('before');
  });
});
