import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorld, type TestUser } from '../test/world';
import { startPushService, type FakeSubscription } from '../../tests/support/push-service';
import { createPushDispatcher } from './dispatcher';
import { vapidKeys } from './vapid-keys';
import { newsScene } from '../news/news-scene';

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

const NOW = new Date('2026-11-20T09:00:00Z');
const devices = new Map<string, FakeSubscription>();

async function subscribe(user: TestUser) {
  const device = service.subscribe();
  const res = await world.request('POST', '/v1/users/me/push_subscriptions', { token: user.token, json: device });
  expect(res.status).toBe(201);
  devices.set(user.id, device);
}

/** The kinds of the pushes a user's device received since `from`. */
const kindsTo = (user: TestUser, from: number) =>
  service.received
    .slice(from)
    .filter((p) => p.endpoint === devices.get(user.id)?.endpoint)
    .map((p) => (p.json as { kind: string }).kind);

const setPush = (user: TestUser, json: Record<string, unknown>) =>
  world.request('PUT', '/v1/users/me/notification_settings', { token: user.token, json });

/** Camille's village with Hugo and Léa, every one of them with a device that said yes to pushes. */
async function scene() {
  world.clock.set(NOW);
  const { creator: camille, helper: hugo, village, helperVillager: hugoId } = await world.villageWithHelper();
  const lea = await world.user('Léa');
  const leaId = await world.join(lea, village.shareCode);
  for (const user of [camille, hugo, lea]) await subscribe(user);
  await dispatcher.runDue();
  const addNeed = async (name: string) => {
    const res = await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: camille.token,
      json: { villager_id: village.creatorVillagerId, name },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const takeHelp = async (needId: string, start: string) => {
    const res = await world.request('POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
      token: hugo.token,
      json: { helper_id: hugoId, start_date: start },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  return { camille, hugo, lea, leaId, village, addNeed, takeHelp };
}

describe('pushes follow each person’s push switches', () => {
  it('leaves out whoever turned a kind off by push, and only them', async () => {
    const { hugo, lea, leaId, village, addNeed, camille } = await scene();
    expect((await setPush(hugo, { push: { new_slots: false } })).status).toBe(200);
    // Off by e-mail changes nothing for pushes.
    expect((await setPush(lea, { email: { new_slots: false, chat: false } })).status).toBe(200);
    const from = service.received.length;
    await addNeed('Courses');
    await world.request('POST', `/v1/villages/${village.id}/messages`, {
      token: lea.token,
      json: { villager_id: leaId, body: 'Qui a la clé\u00a0?' },
    });
    await dispatcher.runDue();
    expect(kindsTo(hugo, from)).toEqual(['message']);
    expect(kindsTo(lea, from)).toEqual(['need_added']);
    expect(kindsTo(camille, from)).toEqual(['message']);
  });

  it('quiets a muted village’s news and chat, never what concerns one’s own slot', async () => {
    const { hugo, lea, leaId, village, addNeed, camille, takeHelp } = await scene();
    const needId = await addNeed('Repas');
    const helpId = await takeHelp(needId, '2026-11-26T11:30:00.000Z');
    await dispatcher.runDue();
    expect((await setPush(hugo, { muted_village_ids: [village.id] })).status).toBe(200);
    const from = service.received.length;
    await addNeed('Courses');
    await world.request('POST', `/v1/villages/${village.id}/messages`, {
      token: lea.token,
      json: { villager_id: leaId, body: 'Bonjour à tous' },
    });
    const refused = await world.request(
      'DELETE',
      `/v1/villages/${village.id}/helps/${helpId}/refuse?villager_id=${village.creatorVillagerId}`,
      { token: camille.token },
    );
    expect(refused.status).toBe(204);
    await dispatcher.runDue();
    expect(kindsTo(hugo, from)).toEqual(['help_refused']);
    expect(kindsTo(camille, from)).toEqual(['message']);
  });

  it('sends no reminder to a helper who turned reminders off by push, and sends it to one who did not', async () => {
    const { hugo, addNeed, takeHelp } = await scene();
    const needId = await addNeed('Repas');
    await takeHelp(needId, '2026-11-26T11:30:00.000Z');
    await dispatcher.runDue();
    // The evening before at 19 h in Paris.
    world.clock.set(new Date('2026-11-25T18:00:00Z'));
    let from = service.received.length;
    expect((await setPush(hugo, { push: { reminders: false } })).status).toBe(200);
    await dispatcher.runDue();
    expect(kindsTo(hugo, from)).toEqual([]);
    // Back on before the hour's reminder: that one comes.
    expect((await setPush(hugo, { push: { reminders: true } })).status).toBe(200);
    world.clock.set(new Date('2026-11-26T10:30:00Z'));
    from = service.received.length;
    await dispatcher.runDue();
    expect(kindsTo(hugo, from)).toEqual(['reminder_hour']);
  });

  it('reminds on the village’s clock: 19 h in Montreal the evening before, the slot told in Montreal time', async () => {
    const { hugo, camille, village, addNeed, takeHelp } = await scene();
    const zoned = await world.request('PUT', `/v1/villages/${village.id}`, {
      token: camille.token,
      json: { updater_id: village.creatorVillagerId, time_zone: 'America/Montreal' },
    });
    expect(zoned.status).toBe(200);
    const needId = await addNeed('Souper');
    // Thursday 26 November at 18 h in Montreal (23:00 UTC); Wednesday at 19 h there is Thursday 00:00 UTC.
    await takeHelp(needId, '2026-11-26T23:00:00.000Z');
    await dispatcher.runDue();
    world.clock.set(new Date('2026-11-25T23:59:00Z'));
    let from = service.received.length;
    await dispatcher.runDue();
    expect(kindsTo(hugo, from)).toEqual([]);
    world.clock.set(new Date('2026-11-26T00:00:00Z'));
    from = service.received.length;
    await dispatcher.runDue();
    const pushes = service.received.slice(from).filter((p) => p.endpoint === devices.get(hugo.id)?.endpoint);
    expect(pushes.map((p) => p.json)).toEqual([
      expect.objectContaining({
        kind: 'reminder_evening',
        body: 'Rappel\u00a0: vous aidez pour «\u00a0Souper\u00a0», jeudi 26\u00a0novembre, 18\u00a0h (Village de Jeanne).',
      }),
    ]);
  });
});

describe('the news push', () => {
  it('tells the other members at once, not the author nor who turned news off or muted the village', async () => {
    world.clock.set(NOW);
    const s = await newsScene(world);
    for (const user of [s.creator, s.helper, s.nina, s.paul]) await subscribe(user);
    await dispatcher.runDue();
    expect((await setPush(s.nina, { push: { news: false } })).status).toBe(200);
    expect((await setPush(s.paul, { muted_village_ids: [s.village.id] })).status).toBe(200);
    const from = service.received.length;
    await s.claireposts('Maman rentre jeudi, elle a hâte de vous voir.');
    await dispatcher.runDue();
    const pushes = service.received.slice(from).filter((p) => p.endpoint === devices.get(s.helper.id)?.endpoint);
    expect(pushes.map((p) => p.json)).toEqual([
      expect.objectContaining({
        kind: 'news',
        title: 'Nouvelle de Claire · Village de Jeanne',
        body: 'Maman rentre jeudi, elle a hâte de vous voir.',
        url: `/dashboard/villages/${s.village.id}/news`,
      }),
    ]);
    for (const quiet of [s.creator, s.nina, s.paul]) expect(kindsTo(quiet, from)).toEqual([]);
  });
});
