import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createWorld, type TestUser } from '../test/world';
import { changesUntil, readEvents } from '../test/sse-reader';
import { issueTicket } from './ticket';
import { text } from '../http/errors';

const world = await createWorld();
// A second server instance on the same database, with caches (and a LISTEN) of its own.
const other = createApp({ ...world.deps, caches: undefined });
const streams: { cancel(): unknown }[] = [];
afterAll(() => Promise.all(streams.map((s) => s.cancel())));

const ticketFor = (user: TestUser | null, villageId: string) =>
  world.request('POST', `/v1/villages/${villageId}/events/ticket`, user ? { token: user.token } : {});

/** Opens a stream on an instance; answers the status and, for a 200, an event reader. */
async function open(villageId: string, ticket: string, app = world.app) {
  const res = await app.request(`/v1/villages/${villageId}/events?ticket=${encodeURIComponent(ticket)}`);
  if (res.status !== 200) {
    await res.body?.cancel();
    return { status: res.status, events: null };
  }
  const events = readEvents(res.body!);
  streams.push(events);
  return { status: res.status, events };
}

async function openAs(user: TestUser, villageId: string, app = world.app) {
  const ticket = await ticketFor(user, villageId);
  expect(ticket.status).toBe(200);
  const opened = await open(villageId, ticket.body.data.ticket, app);
  expect(opened.status).toBe(200);
  const first = await opened.events!.next();
  expect(first).toMatchObject({ event: 'ready', retry: 3000 });
  return opened.events!;
}

const addNeed = (user: TestUser, villageId: string, villagerId: string, name = 'Courses') =>
  world.request('POST', `/v1/villages/${villageId}/needs`, { token: user.token, json: { villager_id: villagerId, name } });

type Stream = Awaited<ReturnType<typeof openAs>>;
/** Every event read until the stream ends, their data parsed. */
async function eventsUntilEnd(events: Stream): Promise<{ event: string; data: Record<string, unknown> }[]> {
  const seen: { event: string; data: Record<string, unknown> }[] = [];
  for (let e = await events.next(); e && seen.length < 6; e = await events.next()) seen.push({ event: e.event, data: JSON.parse(e.data) });
  return seen;
}

describe('event stream tickets', () => {
  it('are for signed-in active villagers only', async () => {
    const creator = await world.user('Claire');
    const outsider = await world.user('Oscar');
    const banned = await world.user('Bruno');
    const leaving = await world.user('Lea');
    const village = await world.village(creator);
    const bannedId = await world.join(banned, village.shareCode);
    const leavingId = await world.join(leaving, village.shareCode);
    await world.request('DELETE', `/v1/villages/${village.id}/villagers/${bannedId}?deleter_id=${village.creatorVillagerId}`, {
      token: creator.token,
    });
    await world.request('PUT', `/v1/villages/${village.id}/villagers/${leavingId}/leave`, { token: leaving.token });

    expect((await ticketFor(null, village.id)).status).toBe(401);
    for (const who of [outsider, banned, leaving]) expect((await ticketFor(who, village.id)).status).toBe(403);
    const ok = await ticketFor(creator, village.id);
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.data.expires_at) - world.clock.now().getTime()).toBe(60_000);
  });

  it('open no stream when forged, expired, for another village, reused or of a member gone since', async () => {
    const creator = await world.user('Claire');
    const helper = await world.user('Hugo');
    const village = await world.village(creator);
    const elsewhere = await world.village(creator);
    const helperId = await world.join(helper, village.shareCode);

    expect((await open(village.id, '')).status).toBe(401);
    const forged = issueTicket(Buffer.alloc(32), creator.id, village.id, world.clock.now().getTime()).token;
    expect((await open(village.id, forged)).status).toBe(401);
    const otherVillage = (await ticketFor(creator, elsewhere.id)).body.data.ticket;
    expect((await open(village.id, otherVillage)).status).toBe(401);

    const expiring = (await ticketFor(creator, village.id)).body.data.ticket;
    world.clock.advance(61_000);
    expect((await open(village.id, expiring)).status).toBe(401);

    const once = (await ticketFor(creator, village.id)).body.data.ticket;
    expect((await open(village.id, once)).status).toBe(200);
    expect((await open(village.id, once)).status).toBe(401);

    const beforeBan = (await ticketFor(helper, village.id)).body.data.ticket;
    await world.request('DELETE', `/v1/villages/${village.id}/villagers/${helperId}?deleter_id=${village.creatorVillagerId}`, {
      token: creator.token,
    });
    expect((await open(village.id, beforeBan)).status).toBe(403);
  });
});

describe('an open stream', () => {
  it("tells of another member's write, and of nothing from other villages", async () => {
    const creator = await world.user('Claire');
    const helper = await world.user('Hugo');
    const village = await world.village(creator);
    const elsewhere = await world.village(helper);
    await world.join(helper, village.shareCode);
    const events = await openAs(helper, village.id);

    await addNeed(helper, elsewhere.id, elsewhere.creatorVillagerId);
    expect((await addNeed(creator, village.id, village.creatorVillagerId)).status).toBe(201);
    // On PostgreSQL the NOTIFY of the join itself may still be on its way when the stream opens: read
    // until the need, and see nothing of the other village on the way.
    const seen = await changesUntil(events, 'need_added');
    expect(seen.at(-1)).toEqual({ type: 'need_added', village_id: village.id });
    expect(seen.every((c) => c.village_id === village.id)).toBe(true);
  });

  it('tells its reader at once that they were removed, then ends', async () => {
    const { creator, helper, village, helperVillager: helperId } = await world.villageWithHelper();
    const events = await openAs(helper, village.id);
    await world.request('DELETE', `/v1/villages/${village.id}/villagers/${helperId}?deleter_id=${village.creatorVillagerId}`, {
      token: creator.token,
    });
    // A late NOTIFY of the join may come first (PostgreSQL); then one `removed` event, and the stream ends.
    const seen = await eventsUntilEnd(events);
    expect(seen.at(-1)).toEqual({ event: 'removed', data: { village_id: village.id } });
    expect(seen.slice(0, -1).every((e) => e.event === 'change' && e.data.type === 'villager_joined')).toBe(true);
    expect(events.ended).toBe(true);
    // The village is then refused in French, on the next pull as on a reload.
    const read = await world.request('GET', `/v1/villages/${village.id}`, { token: helper.token });
    expect(read).toMatchObject({ status: 403, body: { message: text.notMember } });
  });

  it('tells a reader who leaves or deletes their account, and only them', async () => {
    const { creator, helper, village, helperVillager: helperId } = await world.villageWithHelper();
    const other = await world.user('Paul');
    await world.join(other, village.shareCode);
    const creatorEvents = await openAs(creator, village.id);
    const helperEvents = await openAs(helper, village.id);
    const otherEvents = await openAs(other, village.id);
    expect((await world.request('PUT', `/v1/villages/${village.id}/villagers/${helperId}/leave`, { token: helper.token })).status).toBe(
      200,
    );
    expect((await eventsUntilEnd(helperEvents)).at(-1)).toEqual({ event: 'removed', data: { village_id: village.id } });
    expect((await world.request('DELETE', `/v1/users/${other.id}`, { token: other.token })).status).toBe(204);
    expect((await eventsUntilEnd(otherEvents)).at(-1)).toEqual({ event: 'removed', data: { village_id: village.id } });
    // The creator stays, and hears both go as plain changes.
    const seen = await changesUntil(creatorEvents, 'villager_left');
    expect(seen.at(-1)).toEqual({ type: 'villager_left', village_id: village.id });
    expect(creatorEvents.ended).toBe(false);
  });

  it('hears a write made through another server instance', async () => {
    const { creator, helper, village } = await world.villageWithHelper();
    // The ticket comes from instance A, the stream opens on instance B, the write goes through A.
    const events = await openAs(helper, village.id, other);
    expect((await addNeed(creator, village.id, village.creatorVillagerId)).status).toBe(201);
    const seen = await changesUntil(events, 'need_added');
    expect(seen.at(-1)).toEqual({ type: 'need_added', village_id: village.id });
  });
});

describe('a stopping server', () => {
  it('ends its open streams', async () => {
    const stopping = new AbortController();
    const instance = createApp({ ...world.deps, caches: undefined, shutdown: stopping.signal });
    const creator = await world.user('Claire');
    const village = await world.village(creator);
    const events = await openAs(creator, village.id, instance);
    stopping.abort();
    expect(await events.next()).toBeNull();
    expect(events.ended).toBe(true);
  });
});
