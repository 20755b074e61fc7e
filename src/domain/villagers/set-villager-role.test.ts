import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { drainOutbox } from '../../outbox/replay';
import { describeEntry } from '../../outbox/describe-entry';
import { BASE_URL, freshDatabase, onTheWire, scriptedFetch, seedLocal, signIn } from '../../testing/outbox-world';
import { setVillagerRole } from './mutations/set-villager-role';
import { aVillage, aVillager } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

let db: VillageDatabase;
const userId = uuidv7();
const villageId = uuidv7();
const me = aVillager({ village_id: villageId, user_id: userId, is_creator: true });
const paul = aVillager({ village_id: villageId, user: { first_name: 'Paul' } });
const payload = (isManager: boolean) => ({
  village_id: villageId,
  villager_id: paul.id,
  input: { is_manager: isManager, updater_id: me.id },
});

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
  await seedLocal(db, aVillage({ id: villageId, villagers: [me, paul] }));
  await db.villagers.bulkPut([me, paul]);
});
afterEach(() => db.delete());

describe('set-villager-role', () => {
  it('makes the member a co-organiser at once, in the table and in the village row', async () => {
    await enqueue(setVillagerRole, payload(true), { db });
    expect((await db.villagers.get(paul.id))?.is_manager).toBe(true);
    expect((await db.villages.get(villageId))?.villagers?.find((v) => v.id === paul.id)?.is_manager).toBe(true);
    await enqueue(setVillagerRole, payload(false), { db });
    expect((await db.villagers.get(paul.id))?.is_manager).toBe(false);
  });

  it('becomes the role call, and the answer replaces the guess keeping the name the device holds', async () => {
    expect(onTheWire(setVillagerRole.request(payload(true)))).toEqual({
      method: 'PUT',
      path: `/v1/villages/${villageId}/villagers/${paul.id}`,
      body: { is_manager: true, updater_id: me.id },
    });
    const entry = await enqueue(setVillagerRole, payload(true), { db });
    const { user: _user, ...answered } = paul;
    const server = scriptedFetch({
      write: [{ status: 200, body: { data: { ...answered, is_manager: true, last_check_notif_date: '2026-11-20T08:00:00.000Z' } } }],
    });
    expect((await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: server.fetch } })).state).toBe('drained');
    expect(server.writes()[0].headers['idempotency-key']).toBe(entry.id);
    const stored = await db.villagers.get(paul.id);
    expect(stored).toMatchObject({ is_manager: true, last_check_notif_date: '2026-11-20T08:00:00.000Z', user: { first_name: 'Paul' } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('says in French what it was when the server refuses it', async () => {
    const entry = await enqueue(setVillagerRole, payload(true), { db });
    expect(describeEntry(entry)).toBe('Nomination d’un·e co-organisateur·rice');
    const refused = await enqueue(setVillagerRole, payload(false), { db });
    expect(describeEntry(refused)).toBe('Retrait du rôle de co-organisateur·rice');
  });

  it('refuses a payload without the acting villager', async () => {
    await expect(
      enqueue(setVillagerRole, { village_id: villageId, villager_id: paul.id, input: { is_manager: true } } as never, { db }),
    ).rejects.toThrow();
    expect((await db.villagers.get(paul.id))?.is_manager).toBe(false);
  });
});
