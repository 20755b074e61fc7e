import 'fake-indexeddb/auto';
import { v7 as uuidv7 } from 'uuid';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VillageDatabase } from '../db/database';
import { markSent, pullVillage } from './pull-village';
import { freshDatabase, seedLocal, signIn, snapshot, transportTo } from '../testing/outbox-world';
import { aNeed, aVillage } from '../testing/factories';
import { provideAppMutationKinds } from '../testing/mutation-kinds';

await provideAppMutationKinds();

const userId = 'user-1';
const villageId = uuidv7();
let db: VillageDatabase;

beforeEach(async () => {
  db = freshDatabase();
  await signIn(db, userId);
});

describe('a pull racing a write of this device', () => {
  it('does not store a snapshot that left the server before a write sent meanwhile, and asks again', async () => {
    const village = aVillage({ id: villageId });
    const sentNeed = aNeed({ village_id: villageId, name: 'Envoyé pendant la lecture' });
    await seedLocal(db, village, [sentNeed]);
    const answers = [snapshot(village, []), snapshot(village, [sentNeed])];
    let calls = 0;
    const fetch = (async () => {
      calls++;
      // The first answer is read before the write reaches the server; the write is counted as sent meanwhile.
      if (calls === 1) await markSent(db, villageId);
      return new Response(JSON.stringify({ data: answers.shift() }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof globalThis.fetch;

    const result = await pullVillage(transportTo(fetch, 'jeton'), db, userId, villageId);
    expect(result.ok).toBe(true);
    expect(calls).toBe(2);
    expect((await db.needs.toArray()).map((n) => n.name)).toEqual(['Envoyé pendant la lecture']);
  });

  it('stores a snapshot when nothing was sent during the read', async () => {
    const village = aVillage({ id: villageId });
    await seedLocal(db, village, [aNeed({ village_id: villageId, name: 'Ancien' })]);
    let calls = 0;
    const fetch = (async () => {
      calls++;
      return new Response(JSON.stringify({ data: snapshot(village, []) }), { status: 200 });
    }) as typeof globalThis.fetch;
    await pullVillage(transportTo(fetch, 'jeton'), db, userId, villageId);
    expect(calls).toBe(1);
    expect(await db.needs.count()).toBe(0);
  });
});
