import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailJobs, pushJobs } from '../db/schema';
import { composeJob } from '../push/compose';
import { addScheduledNeed, DINNERS, take, WEDNESDAY_17_MARCH, FRIDAY_19_MARCH } from '../test/schedules';
import { createWorld, type TestUser } from '../test/world';
import { changesUntil, readEvents } from '../test/sse-reader';

const world = await createWorld();
const streams: { cancel(): unknown }[] = [];
afterAll(() => Promise.all(streams.map((stream) => stream.cancel())));

const ADDRESS = '12 rue des Lilas, Lyon';
const ACCESS = 'Code 1234B, 3e étage';
const SECRET_ADDRESS = 'Cabinet du Dr Martin, 4 place Bellecour';
/** The day before Wednesday's dinner: near enough that the sessions made now are still good after it. */
const START = new Date('2027-03-16T09:00:00Z');
/** The end of Wednesday's dinner (90 minutes): past it, the helper who held it no longer reads the details. */
const AFTER_WEDNESDAY = new Date('2027-03-17T20:00:00Z');
const VILLAGE_INCLUDE = 'needs,villagers,helps';

interface Scene {
  claire: TestUser;
  hugo: TestUser;
  lea: TestUser;
  nina: TestUser;
  villageId: string;
  ids: { claire: string; hugo: string; lea: string; nina: string };
  dinner: string;
  secret: string;
}

/**
 * Claire's village: a dinner with an address and a door code, and a doctor's appointment for organisers
 * only. Hugo holds Wednesday's dinner and a slot of the appointment (Claire gave him its link); Léa is a
 * plain helper with no help; Nina is the person helped (an organiser).
 */
async function scene(): Promise<Scene> {
  world.clock.set(START);
  const [claire, hugo, lea, nina] = await Promise.all(['Claire', 'Hugo', 'Léa', 'Nina'].map((name) => world.user(name)));
  const village = await world.village(claire);
  const ids = {
    claire: village.creatorVillagerId,
    hugo: await world.join(hugo, village.shareCode),
    lea: await world.join(lea, village.shareCode),
    nina: await world.join(nina, village.shareCode),
  };
  await world.makeNeedy(ids.nina);
  const dinner = await addScheduledNeed(world, claire, village, DINNERS, { address: ADDRESS, access: ACCESS });
  const secret = await addScheduledNeed(world, claire, village, DINNERS, {
    name: 'Rendez-vous médecin',
    address: SECRET_ADDRESS,
    organisers_only: true,
  });
  expect((await take(world, hugo, ids.hugo, { villageId: village.id, needId: dinner }, WEDNESDAY_17_MARCH)).status).toBe(201);
  expect((await take(world, hugo, ids.hugo, { villageId: village.id, needId: secret }, WEDNESDAY_17_MARCH)).status).toBe(201);
  return { claire, hugo, lea, nina, villageId: village.id, ids, dinner, secret };
}

async function readVillage(s: Scene, user: TestUser) {
  const res = await world.request('GET', `/v1/villages/${s.villageId}?include=${VILLAGE_INCLUDE}`, { token: user.token });
  expect(res.status).toBe(200);
  const village = res.body.data as { needs: Record<string, unknown>[]; helps: { village_need_id: string }[] };
  return { raw: JSON.stringify(res.body), village, need: (id: string) => village.needs.find((n) => n.id === id) };
}

const hasNoDetails = (raw: string) => {
  expect(raw).not.toContain('rue des Lilas');
  expect(raw).not.toContain('1234B');
  expect(raw).not.toContain('Bellecour');
};

describe('GET /v1/villages/{id}', () => {
  it('sends the details to the organisers, the person helped and the helper who holds a slot, and only that they exist to the others', async () => {
    const s = await scene();
    for (const organiser of [s.claire, s.nina]) {
      const { need, village } = await readVillage(s, organiser);
      expect(need(s.dinner)).toMatchObject({ address: ADDRESS, access: ACCESS, details_hidden: false });
      expect(need(s.secret)).toMatchObject({ address: SECRET_ADDRESS, organisers_only: true });
      expect(village.helps.filter((h) => h.village_need_id === s.secret)).toHaveLength(1);
    }
    const hugo = await readVillage(s, s.hugo);
    expect(hugo.need(s.dinner)).toMatchObject({ address: ADDRESS, access: ACCESS, details_hidden: false });
    expect(hugo.need(s.secret)).toMatchObject({ address: SECRET_ADDRESS });

    const lea = await readVillage(s, s.lea);
    expect(lea.need(s.dinner)).toMatchObject({ address: null, access: null, details_hidden: true });
    expect(lea.need(s.secret)).toBeUndefined();
    expect(lea.village.helps.map((h) => h.village_need_id)).toEqual([s.dinner]);
    expect(lea.raw).not.toContain('Rendez-vous');
    hasNoDetails(lea.raw);
    // Every include, the copy of each need nested in its helps too.
    const full = await world.request(
      'GET',
      `/v1/villages/${s.villageId}?include=photo,needs,villagers,villagers.user,helps,helps.villageNeed`,
      {
        token: s.lea.token,
      },
    );
    expect(full.status).toBe(200);
    expect(full.body.data.helps[0].village_need).toMatchObject({ id: s.dinner, address: null, details_hidden: true });
    hasNoDetails(JSON.stringify(full.body));
    expect(JSON.stringify(full.body)).not.toContain('Rendez-vous');
  });

  it('sends them once a slot is taken, in the take answer and the next read, and no more once the help is past', async () => {
    const s = await scene();
    const taken = await take(world, s.lea, s.ids.lea, { villageId: s.villageId, needId: s.dinner }, FRIDAY_19_MARCH);
    expect(taken.status).toBe(201);
    expect(taken.body.data.village_need).toMatchObject({ address: ADDRESS, access: ACCESS });
    expect((await readVillage(s, s.lea)).need(s.dinner)).toMatchObject({ address: ADDRESS, access: ACCESS, details_hidden: false });

    // Wednesday's dinner over: Hugo holds nothing more of it; Léa still holds Friday's.
    world.clock.set(AFTER_WEDNESDAY);
    try {
      const hugo = await readVillage(s, s.hugo);
      expect(hugo.need(s.dinner)).toMatchObject({ address: null, access: null, details_hidden: true });
      // The appointment he helped with stays in his history, without its address.
      expect(hugo.need(s.secret)).toMatchObject({ address: null, details_hidden: true });
      expect((await readVillage(s, s.lea)).need(s.dinner)).toMatchObject({ address: ADDRESS });
    } finally {
      world.clock.set(START);
    }
  });

  it('gives one reader’s answer to no other, through the cache, the compressed copy and the ETag', async () => {
    const s = await scene();
    const gzipRead = (user: TestUser, etag?: string) =>
      world.app.request(`/v1/villages/${s.villageId}?include=${VILLAGE_INCLUDE}`, {
        headers: { Authorization: `Bearer ${user.token}`, 'Accept-Encoding': 'gzip', ...(etag ? { 'If-None-Match': etag } : {}) },
      });
    const claire = await gzipRead(s.claire);
    const lea = await gzipRead(s.lea, claire.headers.get('ETag')!);
    expect(lea.status).toBe(200);
    expect(lea.headers.get('ETag')).not.toBe(claire.headers.get('ETag'));
    hasNoDetails(await lea.text());
    const listed = await world.request('GET', `/v1/villages?include=needs`, { token: s.lea.token });
    hasNoDetails(JSON.stringify(listed.body));
    expect(JSON.stringify((await world.request('GET', `/v1/villages?include=needs`, { token: s.hugo.token })).body)).toContain(ACCESS);
  });
});

describe('the other roads', () => {
  it('GET …/slots: the organisers-only need’s slots go to the organisers and its helper only', async () => {
    const s = await scene();
    const path = `/v1/villages/${s.villageId}/slots?from=2027-03-15T00:00:00Z&to=2027-03-22T00:00:00Z`;
    const needsOf = async (user: TestUser) => {
      const res = await world.request('GET', path, { token: user.token });
      expect(res.status).toBe(200);
      hasNoDetails(JSON.stringify(res.body));
      return new Set((res.body.data as { village_need_id: string }[]).map((slot) => slot.village_need_id));
    };
    expect(await needsOf(s.lea)).toEqual(new Set([s.dinner]));
    expect(await needsOf(s.hugo)).toEqual(new Set([s.dinner, s.secret]));
    expect(await needsOf(s.claire)).toEqual(new Set([s.dinner, s.secret]));
  });

  it('GET …/helps and the feed leave out the organisers-only need for a plain helper', async () => {
    const s = await scene();
    const helpsOf = async (user: TestUser) =>
      (
        (await world.request('GET', `/v1/villages/${s.villageId}/helps?before=2028-01-01T00:00:00Z`, { token: user.token })).body.data as {
          village_need_id: string;
        }[]
      ).map((h) => h.village_need_id);
    expect(await helpsOf(s.lea)).toEqual([s.dinner]);
    expect((await helpsOf(s.hugo)).sort()).toEqual([s.dinner, s.secret].sort());
    const feedOf = async (user: TestUser) =>
      JSON.stringify((await world.request('GET', `/v1/villages/${s.villageId}/actions?per_page=50`, { token: user.token })).body);
    expect(await feedOf(s.lea)).not.toContain('Rendez-vous');
    expect(await feedOf(s.lea)).toContain('Dîner');
    expect(await feedOf(s.claire)).toContain('Rendez-vous');
    expect(await feedOf(s.hugo)).toContain('Rendez-vous');
    // Deleted, it can no longer be asked whether it was organisers-only: its item says so itself.
    const deleted = await world.request('DELETE', `/v1/villages/${s.villageId}/needs/${s.secret}?villager_id=${s.ids.claire}`, {
      token: s.claire.token,
    });
    expect(deleted.status).toBe(204);
    expect(await feedOf(s.lea)).not.toContain('Rendez-vous');
    expect(await feedOf(s.claire)).toContain('Rendez-vous');
  });

  it('the village calendar (.ics) carries the details and the appointment only for whom they go', async () => {
    const s = await scene();
    const calendarOf = async (user: TestUser) => {
      const issued = await world.request('POST', `/v1/villages/${s.villageId}/calendar`, { token: user.token });
      expect(issued.status).toBe(201);
      const res = await world.app.request(new URL(issued.body.data.url as string).pathname);
      expect(res.status).toBe(200);
      // Folded lines joined back, as a calendar app reads them.
      return (await res.text()).replace(/\r\n[ \t]/g, '');
    };
    const lea = await calendarOf(s.lea);
    hasNoDetails(lea);
    expect(lea).not.toContain('Rendez-vous');
    expect(lea).toContain('Dîner');
    for (const user of [s.hugo, s.claire]) {
      const ics = await calendarOf(user);
      expect(ics).toContain('rue des Lilas');
      expect(ics).toContain('1234B');
      expect(ics).toContain('Rendez-vous');
    }
  });

  it('mails queued for a plain helper hold no details; the confirmation of whoever took the slot does', async () => {
    const s = await scene();
    // The new-slots digest of the day the needs were added, at 17 h.
    world.clock.set(new Date('2027-03-16T16:30:00Z'));
    try {
      await world.runScheduledMails();
    } finally {
      world.clock.set(START);
    }
    const queuedFor = (user: TestUser) => world.db.select().from(mailJobs).where(eq(mailJobs.toAddress, user.email));
    const lea = await queuedFor(s.lea);
    expect(lea.map((job) => job.kind)).toContain('new_slots');
    hasNoDetails(JSON.stringify(lea));
    expect(JSON.stringify(lea)).not.toContain('Rendez-vous');
    expect(JSON.stringify(lea)).toContain('Dîner');
    const hugo = JSON.stringify(await queuedFor(s.hugo));
    expect(hugo).toContain('rue des Lilas');
    expect(hugo).toContain('1234B');
  });

  it('push: the organisers-only need is announced to the organisers only, and no push carries details', async () => {
    const s = await scene();
    const announced = async (needId: string) => {
      const jobs = await world.db
        .select()
        .from(pushJobs)
        .where(and(eq(pushJobs.villageId, s.villageId), eq(pushJobs.kind, 'need_added')));
      const job = jobs.find((j) => (j.data as { need_id?: string }).need_id === needId)!;
      const deliveries = await composeJob(
        world.db,
        { villageId: s.villageId, kind: 'need_added', data: job.data as Record<string, unknown> },
        START,
      );
      hasNoDetails(JSON.stringify(deliveries));
      return new Set(deliveries.map((d) => d.userId));
    };
    expect(await announced(s.secret)).toEqual(new Set([s.nina.id]));
    expect(await announced(s.dinner)).toEqual(new Set([s.hugo.id, s.lea.id, s.nina.id]));
  });

  it('live events tell a plain helper that something changed, never what the need holds', async () => {
    const s = await scene();
    const ticket = await world.request('POST', `/v1/villages/${s.villageId}/events/ticket`, { token: s.lea.token });
    expect(ticket.status).toBe(200);
    const res = await world.app.request(`/v1/villages/${s.villageId}/events?ticket=${encodeURIComponent(ticket.body.data.ticket)}`);
    expect(res.status).toBe(200);
    const events = readEvents(res.body!);
    streams.push(events);
    expect(await events.next()).toMatchObject({ event: 'ready' });
    const edited = await world.request('PUT', `/v1/villages/${s.villageId}/needs/${s.secret}`, {
      token: s.claire.token,
      json: { updater_id: s.ids.claire, access: 'Code 9999Z' },
    });
    expect(edited.status).toBe(200);
    const seen = await changesUntil(events, 'need_updated');
    for (const change of seen) expect(Object.keys(change).sort()).toEqual(['type', 'village_id']);
    expect(seen).toContainEqual({ type: 'need_updated', village_id: s.villageId });
  });
});
