import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorld, type TestUser } from '../test/world';
import { startPushService, type FakeSubscription } from '../../tests/support/push-service';
import { createPushDispatcher } from '../push/dispatcher';
import { vapidKeys } from '../push/vapid-keys';
import { newsScene } from './news-scene';

const world = await createWorld({ allowHttpPushEndpoints: true });
const service = await startPushService();
afterAll(() => service.close());
const dispatcher = createPushDispatcher({
  db: world.db,
  clock: world.clock,
  logger: pino({ level: 'silent' }),
  keys: vapidKeys(world.db),
  subject: 'mailto:equipe@exemple.fr',
  allowHttpPushEndpoints: true,
});
const devices = new Map<string, FakeSubscription>();

async function subscribe(user: TestUser) {
  const device = service.subscribe();
  const res = await world.request('POST', '/v1/users/me/push_subscriptions', { token: user.token, json: device });
  expect(res.status).toBe(201);
  devices.set(user.id, device);
}

/** The pushes a user's device received since `from`. */
const pushesTo = (user: TestUser, from: number) =>
  service.received
    .slice(from)
    .filter((p) => p.endpoint === devices.get(user.id)?.endpoint)
    .map((p) => p.json as { kind: string; title: string; body: string; url: string });

describe('the news push', () => {
  it('tells the other members at once, not the author nor who turned news off or muted the village', async () => {
    world.clock.set(new Date('2026-11-20T09:00:00Z'));
    const s = await newsScene(world);
    for (const user of [s.creator, s.helper, s.nina, s.paul]) await subscribe(user);
    await dispatcher.runDue();
    expect(
      (await world.request('PUT', '/v1/users/me/notification_settings', { token: s.nina.token, json: { push: { news: false } } })).status,
    ).toBe(200);
    const muted = await world.request('PUT', '/v1/users/me/notification_settings', {
      token: s.paul.token,
      json: { muted_village_ids: [s.village.id] },
    });
    expect(muted.status).toBe(200);
    const from = service.received.length;
    await s.claireposts('Maman rentre jeudi, elle a hâte de vous voir.');
    await dispatcher.runDue();
    expect(pushesTo(s.helper, from)).toEqual([
      expect.objectContaining({
        kind: 'news',
        title: 'Nouvelle de Claire · Village de Jeanne',
        body: 'Maman rentre jeudi, elle a hâte de vous voir.',
        url: `/dashboard/villages/${s.village.id}/news`,
      }),
    ]);
    expect(pushesTo(s.creator, from)).toEqual([]);
    expect(pushesTo(s.nina, from)).toEqual([]);
    expect(pushesTo(s.paul, from)).toEqual([]);
  });
});
