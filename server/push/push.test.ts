import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { pushJobs, pushSubscriptions, sessions } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';
import { startPushService, type FakeSubscription, type PushService, type ReceivedPush } from '../../tests/support/push-service';
import { createPushDispatcher } from './dispatcher';
import { vapidKeys } from './vapid-keys';

const world = await createWorld({ allowHttpPushEndpoints: true });
const SUBJECT = 'mailto:equipe@exemple.fr';
const dispatcher = (keys = vapidKeys(world.db)) =>
  createPushDispatcher({
    db: world.db,
    clock: world.clock,
    logger: pino({ level: 'silent' }),
    keys,
    subject: SUBJECT,
    allowHttpPushEndpoints: true,
  });

let service: PushService;
let camille: TestUser;
let hugo: TestUser;
let lea: TestUser;
let village: { id: string; creatorVillagerId: string; shareCode: string };
let hugoId: string;
let leaId: string;
const devices = new Map<string, FakeSubscription>();

async function subscribe(user: TestUser) {
  const device = service.subscribe();
  const res = await world.request('POST', '/v1/users/me/push_subscriptions', { token: user.token, json: device });
  expect(res.status).toBe(201);
  devices.set(user.id, device);
  return { device, id: res.body.data.id as string };
}

/** What each user's device received since `from` (an index in the service's list). */
const receivedBy = (user: TestUser, from = 0): ReceivedPush[] =>
  service.received.slice(from).filter((p) => p.endpoint === devices.get(user.id)?.endpoint);

async function addNeed(name: string) {
  const res = await world.request('POST', `/v1/villages/${village.id}/needs`, {
    token: camille.token,
    json: { villager_id: village.creatorVillagerId, name },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function takeHelp(needId: string, start: string) {
  const res = await world.request('POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
    token: hugo.token,
    json: { helper_id: hugoId, start_date: start },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  service = await startPushService();
  [camille, hugo, lea] = await Promise.all(['Camille', 'Hugo', 'Léa'].map((n) => world.user(n)));
  village = await world.village(camille);
  hugoId = await world.join(hugo, village.shareCode);
  leaId = await world.join(lea, village.shareCode);
  for (const user of [camille, hugo, lea]) await subscribe(user);
});
afterAll(() => service.close());

beforeEach(async () => {
  // Each test starts with nothing queued, at the same instant.
  world.clock.set(new Date('2026-11-20T09:00:00Z'));
  await dispatcher().runDue();
  await world.db.delete(pushJobs);
});

describe('VAPID key and subscriptions', () => {
  it('gives one public key, made once and kept in the database for every instance', async () => {
    expect((await world.request('GET', '/v1/push/public_key')).status).toBe(401);
    const first = await world.request('GET', '/v1/push/public_key', { token: hugo.token });
    expect(first.status).toBe(200);
    const key: string = first.body.data.public_key;
    // An uncompressed P-256 point: 65 bytes, base64url.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const otherInstance = createApp({ ...world.deps, caches: undefined });
    const second = await otherInstance.request('/v1/push/public_key', { headers: { Authorization: `Bearer ${lea.token}` } });
    expect((await second.json()).data.public_key).toBe(key);
    expect((await vapidKeys(world.db)()).publicKey).toBe(key);
  });

  it('refuses a malformed subscription, and a plain-http push service unless allowed, in French', async () => {
    const bad = await world.request('POST', '/v1/users/me/push_subscriptions', {
      token: hugo.token,
      json: { endpoint: 'pas une adresse', keys: { p256dh: 'a', auth: '' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['endpoint', 'keys.auth']);
    const strict = createApp({ ...world.deps, caches: undefined, allowHttpPushEndpoints: false });
    const res = await strict.request('/v1/users/me/push_subscriptions', {
      method: 'POST',
      headers: { Authorization: `Bearer ${hugo.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(service.subscribe()),
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([{ field: 'endpoint', message: "Cette adresse de notification n'est pas valide" }]);
  });

  it('registers a device once, moves it to whoever signs in on it, and deletes only the owner’s', async () => {
    const other = await world.user('Paul');
    const device = service.subscribe();
    const first = await world.request('POST', '/v1/users/me/push_subscriptions', { token: other.token, json: device });
    const again = await world.request('POST', '/v1/users/me/push_subscriptions', { token: other.token, json: device });
    expect(again.body.data.id).toBe(first.body.data.id);
    const someoneElse = await world.user('Inès');
    const moved = await world.request('POST', '/v1/users/me/push_subscriptions', { token: someoneElse.token, json: device });
    expect(moved.body.data.id).toBe(first.body.data.id);
    const [row] = await world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, first.body.data.id));
    expect(row.userId).toBe(someoneElse.id);
    const path = `/v1/users/me/push_subscriptions/${first.body.data.id}`;
    expect((await world.request('DELETE', path, { token: other.token })).status).toBe(404);
    expect((await world.request('DELETE', path, { token: someoneElse.token })).status).toBe(204);
    expect((await world.request('DELETE', path, { token: someoneElse.token })).status).toBe(404);
  });
});

describe('pushes for what happens in the village', () => {
  it('tells the other members of a new need, encrypted for each device and signed', async () => {
    const from = service.received.length;
    const needId = await addNeed('Courses');
    expect(await dispatcher().runDue()).toBe(2);
    expect(receivedBy(camille, from)).toEqual([]);
    for (const user of [hugo, lea]) {
      const [push] = receivedBy(user, from);
      expect(push.status).toBe(201);
      expect(push.json).toEqual({
        kind: 'need_added',
        title: 'Nouveau besoin · Village de Jeanne',
        body: 'Camille a ajouté «\u00a0Courses\u00a0». Pouvez-vous aider\u00a0?',
        url: `/dashboard/villages/${village.id}/needs/${needId}`,
        tag: `need-${needId}`,
        village_id: village.id,
      });
      expect(push.vapid).toMatchObject({ subject: SUBJECT, audience: service.origin });
      expect(push.headers.ttl).toBe(86400);
    }
    // Sent and gone from the queue: a second run sends nothing.
    expect(await dispatcher().runDue()).toBe(0);
  });

  it('tells the managers of a help taken, and the helper of a help refused', async () => {
    const needId = await addNeed('Repas');
    await dispatcher().runDue();
    const from = service.received.length;
    const helpId = await takeHelp(needId, '2026-11-26T11:30:00.000Z');
    await dispatcher().runDue();
    expect(receivedBy(hugo, from)).toEqual([]);
    expect(receivedBy(lea, from)).toEqual([]);
    expect(receivedBy(camille, from).map((p) => p.json)).toEqual([
      expect.objectContaining({
        kind: 'help_added',
        body: 'Hugo propose son aide pour «\u00a0Repas\u00a0», jeudi 26\u00a0novembre, 12\u00a0h\u00a030.',
        url: `/dashboard/villages/${village.id}/needs/${needId}/helps`,
      }),
    ]);

    const refusedFrom = service.received.length;
    const refused = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/helps/${helpId}/refuse?villager_id=${village.creatorVillagerId}`,
      {
        token: camille.token,
      },
    );
    expect(refused.status).toBe(204);
    await dispatcher().runDue();
    expect(receivedBy(camille, refusedFrom)).toEqual([]);
    expect(receivedBy(lea, refusedFrom)).toEqual([]);
    expect(receivedBy(hugo, refusedFrom).map((p) => p.json)).toEqual([
      expect.objectContaining({
        kind: 'help_refused',
        body: "Votre aide pour «\u00a0Repas\u00a0», jeudi 26\u00a0novembre, 12\u00a0h\u00a030, n'a pas été retenue.",
      }),
    ]);
  });

  it('tells the others of a chat message, with a topic so that a burst collapses at the push service', async () => {
    const from = service.received.length;
    const res = await world.request('POST', `/v1/villages/${village.id}/messages`, {
      token: lea.token,
      json: { villager_id: leaId, body: 'Je passe  demain\nvers 10 h, qui a la clé\u00a0?' },
    });
    expect(res.status).toBe(201);
    await dispatcher().runDue();
    expect(receivedBy(lea, from)).toEqual([]);
    for (const user of [camille, hugo]) {
      const [push] = receivedBy(user, from);
      expect(push.json).toMatchObject({
        kind: 'message',
        title: 'Léa · Village de Jeanne',
        body: 'Je passe demain vers 10 h, qui a la clé\u00a0?',
        url: `/dashboard/villages/${village.id}/chat`,
        tag: `chat-${village.id}`,
      });
      expect(push.headers.topic).toMatch(/^c[0-9a-f]{31}$/);
    }
  });

  it('drops the news of a village where nobody has a device to tell', async () => {
    const olga = await world.user('Olga');
    const quiet = await world.village(olga);
    const res = await world.request('POST', `/v1/villages/${quiet.id}/needs`, {
      token: olga.token,
      json: { villager_id: quiet.creatorVillagerId, name: 'Bois' },
    });
    expect(res.status).toBe(201);
    expect(await world.db.select().from(pushJobs)).toHaveLength(1);
    const from = service.received.length;
    expect(await dispatcher().runDue()).toBe(0);
    expect(service.received.slice(from)).toEqual([]);
    expect(await world.db.select().from(pushJobs)).toEqual([]);
  });
});

describe('reminders', () => {
  it('reminds the helper the evening before at 19 h (Paris) and an hour before, once each with two instances', async () => {
    const needId = await addNeed('Promenade');
    // Sunday 22 November, 15 h in Paris.
    const helpId = await takeHelp(needId, '2026-11-22T14:00:00.000Z');
    await dispatcher().runDue();
    const from = service.received.length;
    const [a, b] = [dispatcher(), dispatcher()];

    world.clock.set(new Date('2026-11-21T17:59:00Z'));
    await Promise.all([a.runDue(), b.runDue()]);
    expect(receivedBy(hugo, from)).toEqual([]);

    world.clock.set(new Date('2026-11-21T18:00:00Z'));
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(receivedBy(hugo, from).map((p) => p.json)).toEqual([
      expect.objectContaining({
        kind: 'reminder_evening',
        title: 'Demain\u00a0: Promenade',
        body: 'Rappel\u00a0: vous aidez pour «\u00a0Promenade\u00a0», dimanche 22\u00a0novembre, 15\u00a0h (Village de Jeanne).',
        tag: `reminder-${helpId}`,
      }),
    ]);

    world.clock.set(new Date('2026-11-22T13:00:00Z'));
    await Promise.all([b.runDue(), a.runDue()]);
    world.clock.set(new Date('2026-11-22T13:30:00Z'));
    await Promise.all([a.runDue(), b.runDue()]);
    const pushes = receivedBy(hugo, from);
    expect(pushes.map((p) => (p.json as { kind: string }).kind)).toEqual(['reminder_evening', 'reminder_hour']);
    expect(pushes[1].json).toMatchObject({ title: 'Dans une heure\u00a0: Promenade' });
    expect(pushes[1].headers.urgency).toBe('high');
    // The push service may drop it once the slot has started.
    expect(pushes[1].headers.ttl).toBe(3600);
    expect(receivedBy(camille, from)).toEqual([]);
  });

  it('does not remind of a help withdrawn, nor of a time already past when the help was taken', async () => {
    const needId = await addNeed('Pharmacie');
    const withdrawn = await takeHelp(needId, '2026-11-22T09:00:00.000Z');
    const res = await world.request('DELETE', `/v1/villages/${village.id}/helps/${withdrawn}?villager_id=${hugoId}`, { token: hugo.token });
    expect(res.status).toBe(204);
    // Taken on Friday at 21 h (Paris) for Saturday 9 h: the evening reminder's time has passed.
    world.clock.set(new Date('2026-11-20T20:00:00Z'));
    await takeHelp(needId, '2026-11-21T08:00:00.000Z');
    await dispatcher().runDue();
    const from = service.received.length;
    world.clock.set(new Date('2026-11-21T07:00:00Z'));
    await dispatcher().runDue();
    world.clock.set(new Date('2026-11-21T18:00:00Z'));
    await dispatcher().runDue();
    expect(receivedBy(hugo, from).map((p) => (p.json as { kind: string; body: string }).kind)).toEqual(['reminder_hour']);
    expect(await world.db.select().from(pushJobs)).toEqual([]);
  });
});

describe('devices that stop', () => {
  it('forgets a subscription the push service says is gone (410), and sends nothing to one turned off', async () => {
    const [noa, zoe] = [await world.user('Noa'), await world.user('Zoé')];
    for (const user of [noa, zoe]) await world.join(user, village.shareCode);
    const gone = await subscribe(noa);
    const off = await subscribe(zoe);
    service.setGone(gone.device.endpoint);
    expect((await world.request('DELETE', `/v1/users/me/push_subscriptions/${off.id}`, { token: zoe.token })).status).toBe(204);

    const from = service.received.length;
    await addNeed('Jardin');
    await dispatcher().runDue();
    expect(receivedBy(noa, from).map((p) => p.status)).toEqual([410]);
    expect(receivedBy(zoe, from)).toEqual([]);
    expect(await world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id))).toEqual([]);

    await addNeed('Lessive');
    await dispatcher().runDue();
    expect(receivedBy(noa, from)).toHaveLength(1);
    expect(receivedBy(hugo, from)).toHaveLength(2);
  });

  it('tries a device again later when its push service is busy or failing, and that device only', async () => {
    const ana = await world.user('Ana');
    await world.join(ana, village.shareCode);
    const { device } = await subscribe(ana);
    service.setStatus(device.endpoint, 503);
    const from = service.received.length;
    await addNeed('Vaisselle');
    await dispatcher().runDue();
    expect(receivedBy(ana, from).map((p) => p.status)).toEqual([503]);
    expect(receivedBy(hugo, from)).toHaveLength(1);

    service.setStatus(device.endpoint, null);
    world.clock.advance(29_000);
    await dispatcher().runDue();
    expect(receivedBy(ana, from)).toHaveLength(1);
    world.clock.advance(2_000);
    await dispatcher().runDue();
    const pushes = receivedBy(ana, from);
    expect(pushes.map((p) => p.status)).toEqual([503, 201]);
    expect(pushes[1].json).toMatchObject({
      kind: 'need_added',
      body: 'Camille a ajouté «\u00a0Vaisselle\u00a0». Pouvez-vous aider\u00a0?',
    });
    expect(receivedBy(hugo, from)).toHaveLength(1);
    expect(await world.db.select().from(pushJobs)).toEqual([]);
  });

  it('gives up on a device whose push service keeps failing, after five attempts', async () => {
    const eva = await world.user('Eva');
    await world.join(eva, village.shareCode);
    const { device } = await subscribe(eva);
    service.setStatus(device.endpoint, 500);
    const from = service.received.length;
    await addNeed('Repassage');
    for (let i = 0; i < 8; i++) {
      await dispatcher().runDue();
      world.clock.advance(10 * 60_000);
    }
    expect(receivedBy(eva, from).map((p) => p.status)).toEqual([500, 500, 500, 500, 500]);
    expect(await world.db.select().from(pushJobs)).toEqual([]);
    service.setStatus(device.endpoint, null);
  });

  it('stops with the session that registered the device: signed out, or idle past 30 days', async () => {
    const [noe, lou] = [await world.user('Noé'), await world.user('Lou')];
    for (const user of [noe, lou]) await world.join(user, village.shareCode);
    const noeDevice = await subscribe(noe);
    await subscribe(lou);
    expect((await world.request('POST', '/v1/auth/logout', { token: noe.token })).status).toBeLessThan(300);
    expect(await world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, noeDevice.id))).toEqual([]);
    await world.db
      .update(sessions)
      .set({ lastUsedAt: new Date(world.clock.now().getTime() - 31 * 24 * 3600 * 1000) })
      .where(eq(sessions.userId, lou.id));

    const from = service.received.length;
    await addNeed('Couture');
    await dispatcher().runDue();
    expect(receivedBy(noe, from)).toEqual([]);
    expect(receivedBy(lou, from)).toEqual([]);
    expect(receivedBy(hugo, from)).toHaveLength(1);
  });

  it('does not tell someone who left or was banned', async () => {
    const [ines, paul] = [await world.user('Inès'), await world.user('Paul')];
    const inesId = await world.join(ines, village.shareCode);
    const paulId = await world.join(paul, village.shareCode);
    await subscribe(ines);
    await subscribe(paul);
    expect((await world.request('PUT', `/v1/villages/${village.id}/villagers/${inesId}/leave`, { token: ines.token })).status).toBe(200);
    const ban = await world.request('DELETE', `/v1/villages/${village.id}/villagers/${paulId}?deleter_id=${village.creatorVillagerId}`, {
      token: camille.token,
    });
    expect(ban.status).toBeLessThan(300);
    const from = service.received.length;
    await addNeed('Bricolage');
    await dispatcher().runDue();
    expect(receivedBy(ines, from)).toEqual([]);
    expect(receivedBy(paul, from)).toEqual([]);
    expect(receivedBy(lea, from)).toHaveLength(1);
  });
});
