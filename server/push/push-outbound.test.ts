/**
 * The server connects only to the public internet when it sends a push (issue 37, finding 2): an endpoint
 * on an internal address is refused at registration, a name that resolves inside is refused when the push
 * goes, before any connection, and the subscription is dropped rather than tried five times. A device
 * count per person is bounded (finding 11).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushJobs, pushSubscriptions } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';
import { createPushDispatcher } from './dispatcher';
import type { ResolveHost } from './public-address';
import { vapidKeys } from './vapid-keys';
import { INTERNAL_PUSH_ENDPOINTS } from '../test/internal-push-endpoints';

const world = await createWorld();
const INVALID = [{ field: 'endpoint', message: "Cette adresse de notification n'est pas valide" }];

/** What a browser's PushSubscription.toJSON() gives, for any endpoint. */
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
});

const register = (user: TestUser, endpoint: string) =>
  world.request('POST', '/v1/users/me/push_subscriptions', { token: user.token, json: subscription(endpoint) });

const storedFor = (user: TestUser) => world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));

/** A TCP listener on loopback that counts who connects, and hangs up at once. */
let listener: Server;
let port: number;
let connections = 0;
beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

describe('registering a device', () => {
  it('refuses in French every internal address of the finding, in any spelling, and stores nothing', async () => {
    const mallory = await world.user('Mallory');
    const endpoints = INTERNAL_PUSH_ENDPOINTS;
    for (const endpoint of endpoints) {
      const res = await register(mallory, endpoint);
      expect(res.status, endpoint).toBe(422);
      expect(res.body.errors, endpoint).toEqual(INVALID);
    }
    expect(await storedFor(mallory)).toEqual([]);
    // A real push service's address is still taken.
    expect((await register(mallory, 'https://fcm.googleapis.com/fcm/send/dGVzdA')).status).toBe(201);
  });

  it('keeps the 20 most recently registered devices of a person, the new one always among them', async () => {
    const nora = await world.user('Nora');
    const endpoint = (i: number) => `https://fcm.googleapis.com/fcm/send/nora-${i}`;
    for (let i = 0; i < 25; i++) expect((await register(nora, endpoint(i))).status).toBe(201);
    const left = (await storedFor(nora)).map((row) => row.endpoint).sort();
    expect(left).toHaveLength(20);
    expect(left).toEqual(Array.from({ length: 20 }, (_, i) => endpoint(i + 5)).sort());

    // A device registered again counts as new: the next one pushes out the oldest other (6), not it (5).
    expect((await register(nora, endpoint(5))).status).toBe(201);
    expect((await register(nora, endpoint(25))).status).toBe(201);
    const after = (await storedFor(nora)).map((row) => row.endpoint);
    expect(after).toHaveLength(20);
    expect(after).toContain(endpoint(5));
    expect(after).not.toContain(endpoint(6));

    // A device that moves to someone who already has 20 stays with them.
    const other = await world.user('Omar');
    for (let i = 0; i < 20; i++) await register(other, `https://fcm.googleapis.com/fcm/send/omar-${i}`);
    expect((await register(other, endpoint(25))).status).toBe(201);
    const others = (await storedFor(other)).map((row) => row.endpoint);
    expect(others).toHaveLength(20);
    expect(others).toContain(endpoint(25));
  });
});

describe('sending a push', () => {
  /** A village where Hugo has one device, at `endpoint`, and Camille adds a need: a push for Hugo is queued. */
  async function pushQueuedFor(endpoint: string, storeAs?: string) {
    const { creator, helper, village } = await world.villageWithHelper();
    const registered = await register(helper, endpoint);
    expect(registered.status).toBe(201);
    // A subscription stored before registration checked addresses: written straight to the database.
    if (storeAs)
      await world.db.update(pushSubscriptions).set({ endpoint: storeAs }).where(eq(pushSubscriptions.id, registered.body.data.id));
    const need = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses' },
    });
    expect(need.status).toBe(201);
    return registered.body.data.id as string;
  }

  const dispatcher = (options: { resolveHost?: ResolveHost; allowHttpPushEndpoints?: boolean } = {}) =>
    createPushDispatcher({
      db: world.db,
      clock: world.clock,
      logger: pino({ level: 'silent' }),
      keys: vapidKeys(world.db),
      subject: 'mailto:equipe@exemple.fr',
      ...options,
    });

  /** Every queued push sent, and the clock past every retry the dispatcher would make. */
  async function sendAll(run: ReturnType<typeof dispatcher>) {
    for (let i = 0; i < 6; i++) {
      await run.runDue();
      world.clock.advance(10 * 60_000);
    }
  }

  it('refuses a name that resolves to loopback, in the connection’s own lookup: no connection, the device dropped', async () => {
    const asked: string[] = [];
    const toLoopback: ResolveHost = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const before = connections;
    const id = await pushQueuedFor(`https://push.exemple.fr:${port}/push/abc`);
    await sendAll(dispatcher({ resolveHost: toLoopback }));
    expect(asked).toEqual(['push.exemple.fr']);
    expect(connections - before).toBe(0);
    // Not tried again: gone, and nothing queued for it.
    expect(await world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toEqual([]);
    expect(await world.db.select().from(pushJobs)).toEqual([]);
  });

  it('lets the same name reach the loopback listener only with the test-only setting', async () => {
    const toLoopback: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const before = connections;
    await pushQueuedFor(`https://push.exemple.fr:${port}/push/def`);
    await dispatcher({ resolveHost: toLoopback, allowHttpPushEndpoints: true }).runDue();
    expect(connections - before).toBe(1);
    await sendAll(dispatcher({ resolveHost: toLoopback, allowHttpPushEndpoints: true }));
  });

  it('refuses an internal address stored before registration checked it, without connecting to it', async () => {
    const before = connections;
    const ids = [];
    for (const stored of [
      `https://127.0.0.1:${port}/push/a`,
      `https://2130706433:${port}/push/b`,
      `https://user:pass@127.0.0.1:${port}/push/c`,
    ]) {
      ids.push(await pushQueuedFor('https://fcm.googleapis.com/fcm/send/x', stored));
    }
    await sendAll(dispatcher());
    expect(connections - before).toBe(0);
    for (const id of ids) expect(await world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toEqual([]);
    expect(await world.db.select().from(pushJobs)).toEqual([]);
  });
});
