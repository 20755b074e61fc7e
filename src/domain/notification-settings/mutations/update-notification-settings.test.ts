import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../contract/notification-settings';
import type { VillageDatabase } from '../../../db/database';
import { describeEntry } from '../../../outbox/describe-entry';
import { enqueue } from '../../../outbox/enqueue';
import { drainOutbox } from '../../../outbox/replay';
import { provideAppMutationKinds } from '../../../testing/mutation-kinds';
import { BASE_URL, freshDatabase, onTheWire, scriptedFetch, signIn } from '../../../testing/outbox-world';
import { updateNotificationSettings } from './update-notification-settings';

await provideAppMutationKinds();

let db: VillageDatabase;
const userId = uuidv7();
const villageId = uuidv7();

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
});
afterEach(() => db.delete());

const newSlotsOff = { change: 'switch', channel: 'email', kind: 'new_slots', on: false } as const;

describe('update-notification-settings', () => {
  it('sends only the switch turned, or the whole list of muted villages', () => {
    expect(onTheWire(updateNotificationSettings.request(newSlotsOff))).toEqual({
      method: 'PUT',
      path: '/v1/users/me/notification_settings',
      body: { email: { new_slots: false } },
    });
    const mute = {
      change: 'mute' as const,
      village_id: villageId,
      village_name: 'Le village de Jeanne',
      muted: true,
      muted_village_ids: [villageId],
    };
    expect(onTheWire(updateNotificationSettings.request(mute))).toEqual({
      method: 'PUT',
      path: '/v1/users/me/notification_settings',
      body: { muted_village_ids: [villageId] },
    });
  });

  it('is kept offline and sent with its idempotency key when the network is back', async () => {
    const entry = await enqueue(updateNotificationSettings, newSlotsOff, { db });
    const offline = scriptedFetch({ write: ['network-error'] });
    expect((await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: offline.fetch } })).state).toBe('waiting');
    expect(await db.outbox.count()).toBe(1);

    const answer = { ...DEFAULT_NOTIFICATION_SETTINGS, email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, new_slots: false } };
    const server = scriptedFetch({ write: [{ status: 200, body: { data: answer } }] });
    expect((await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: server.fetch }, networkBack: true })).state).toBe('drained');
    const [sent] = server.writes();
    expect(sent).toMatchObject({ method: 'PUT', path: '/v1/users/me/notification_settings', body: { email: { new_slots: false } } });
    expect(sent.headers['idempotency-key']).toBe(entry.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says in French what a refused change was', async () => {
    await enqueue(updateNotificationSettings, newSlotsOff, { db });
    const server = scriptedFetch({ write: [{ status: 422, body: { message: 'Données invalides', http_code: 422 } }] });
    await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: server.fetch } });
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ status: 'failed', failure: { status: 422, message: 'Données invalides' } });
    expect(describeEntry(failed)).toBe('Nouveaux créneaux à pourvoir par e-mail\u00a0: désactivé');
    expect(
      updateNotificationSettings.describe!({
        change: 'mute',
        village_id: villageId,
        village_name: 'Le village de Jeanne',
        muted: true,
        muted_village_ids: [],
      }),
    ).toBe('Mise en sourdine du village «\u00a0Le village de Jeanne\u00a0»');
    // No village is pulled after the refusal: these settings are the account's.
    expect(server.requests.filter((r) => r.method === 'GET')).toEqual([]);
    expect(server.writes()).toHaveLength(1);
  });
});
