import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../db/database';
import { enqueue } from './enqueue';
import { provideAppMutationKinds } from '../testing/mutation-kinds';
import { MADE_AT, signedInDevice } from '../testing/outbox-world';
import { aVillage } from '../testing/factories';
import { VILLAGE_CLOSED_MESSAGE } from '../contract/villages';

// The app's create-need, as the outbox gets it: provided from above (as src/main.tsx does).
const createNeed = (await provideAppMutationKinds()).get('create-need');

let db: VillageDatabase;
const { userId, villageId, villagerId, now } = signedInDevice((fresh) => (db = fresh));

describe('enqueue', () => {
  it('writes the entry with its owner, village, time and the pending state', async () => {
    const id = uuidv7();
    const entry = await enqueue(
      createNeed,
      { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses' } },
      { db, now },
    );
    const stored = await db.outbox.get(entry.seq!);
    expect(stored).toMatchObject({
      id: entry.id,
      userId,
      kind: 'create-need',
      villageId,
      createdAt: MADE_AT.toISOString(),
      status: 'pending',
      attempts: 0,
      notBefore: 0,
    });
    // The entry id is the Idempotency-Key: unique per write.
    const second = await enqueue(
      createNeed,
      { village_id: villageId, id: uuidv7(), input: { villager_id: villagerId, name: 'Repas' } },
      { db, now },
    );
    expect(second.id).not.toBe(entry.id);
    expect(second.seq!).toBeGreaterThan(entry.seq!);
  });

  it('refuses a payload that does not fit its schema, leaving nothing behind', async () => {
    // The payload's schema is checked whatever the caller's types said.
    await expect(enqueue(createNeed, { village_id: 'not-a-uuid', id: uuidv7(), input: {} }, { db })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.needs.count()).toBe(0);
  });

  it('needs a signed-in user and then writes neither the effect nor the entry', async () => {
    await db.session.delete('current');
    const id = uuidv7();
    await expect(
      enqueue(createNeed, { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses' } }, { db }),
    ).rejects.toThrow('No signed-in user');
    expect(await db.needs.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it("refuses a write to a village the device knows closed, in the server's words, and keeps nothing", async () => {
    await db.villages.put(aVillage({ id: villageId, closed_at: MADE_AT.toISOString(), closed_message: 'Merci' }));
    const id = uuidv7();
    await expect(
      enqueue(createNeed, { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses' } }, { db }),
    ).rejects.toThrow(VILLAGE_CLOSED_MESSAGE);
    expect(await db.needs.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);

    // Reopened (the server's answer clears closed_at): writes are kept again.
    await db.villages.update(villageId, { closed_at: null });
    await enqueue(createNeed, { village_id: villageId, id, input: { villager_id: villagerId, name: 'Courses' } }, { db });
    expect(await db.outbox.count()).toBe(1);
  });
});
