import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { drainOutbox } from '../../outbox/replay';
import { BASE_URL, freshDatabase, onTheWire, scriptedFetch, seedLocal, signIn } from '../../testing/outbox-world';
import { checkNotifications } from './mutations/check-notifications';
import { aVillage, aVillager } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

let db: VillageDatabase;
const userId = uuidv7();
const villageId = uuidv7();
const me = aVillager({ village_id: villageId, user_id: userId, is_creator: true });
const CHECKED = '2026-11-21T10:30:00.000Z';

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
  await seedLocal(db, aVillage({ id: villageId, villagers: [me] }));
  await db.villagers.put(me);
});
afterEach(() => db.delete());

describe('check-notifications', () => {
  it('moves my check date at once, in the table and in the village row', async () => {
    await enqueue(checkNotifications, { village_id: villageId, villager_id: me.id, last_check_notif_date: CHECKED }, { db });
    expect((await db.villagers.get(me.id))?.last_check_notif_date).toBe(CHECKED);
    expect((await db.villages.get(villageId))?.villagers?.[0].last_check_notif_date).toBe(CHECKED);
  });

  it('becomes the villager update call, sent with its idempotency key', async () => {
    const payload = { village_id: villageId, villager_id: me.id, last_check_notif_date: CHECKED };
    expect(onTheWire(checkNotifications.request(payload))).toEqual({
      method: 'POST',
      path: `/v1/villagers/${me.id}`,
      body: { last_check_notif_date: CHECKED },
    });
    const entry = await enqueue(checkNotifications, payload, { db });
    const server = scriptedFetch({ write: [{ status: 200, body: { data: { ...me, last_check_notif_date: CHECKED } } }] });
    expect((await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: server.fetch } })).state).toBe('drained');
    const [sent] = server.writes();
    expect(sent).toMatchObject({ method: 'POST', path: `/v1/villagers/${me.id}`, body: { last_check_notif_date: CHECKED } });
    expect(sent.headers['idempotency-key']).toBe(entry.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a date that is not an instant', async () => {
    await expect(
      enqueue(checkNotifications, { village_id: villageId, villager_id: me.id, last_check_notif_date: 'hier' }, { db }),
    ).rejects.toThrow();
    expect((await db.villagers.get(me.id))?.last_check_notif_date).toBeNull();
  });
});
