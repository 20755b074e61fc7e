import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { VillageDatabase, type OutboxEntry } from '../db/database';
import { pendingSummary } from './pending-summary';
import { provideAppMutationKinds } from '../testing/mutation-kinds';

await provideAppMutationKinds();

const entry = (seq: number, fields: Partial<OutboxEntry>): OutboxEntry => ({
  seq,
  id: `e${seq}`,
  userId: 'marie',
  kind: 'send-message',
  payload: { input: { villager_id: 'x', body: `Message ${seq}` } },
  villageId: 'v',
  createdAt: `2026-11-21T10:${String(seq).padStart(2, '0')}:00.000Z`,
  status: 'pending',
  attempts: 0,
  notBefore: 0,
  ...fields,
});

describe('what waits on this device, as the check-in tells it', () => {
  it("counts the user's pending writes only, gives the oldest, and describes the first 20 in order, each at most 140 characters", async () => {
    const db = new VillageDatabase(`summary-${crypto.randomUUID()}`);
    await db.outbox.bulkAdd([
      entry(3, { createdAt: '2026-11-20T08:00:00.000Z' }),
      ...Array.from({ length: 22 }, (_, i) => entry(10 + i, {})),
      entry(4, { kind: 'create-need', payload: { input: { villager_id: 'x', name: 'n'.repeat(200) } } }),
      entry(41, { status: 'failed' }),
      entry(42, { userId: 'bruno' }),
    ]);
    const summary = await pendingSummary(db, 'marie');
    expect(summary.pending_count).toBe(24);
    expect(summary.oldest_pending_at).toBe('2026-11-20T08:00:00.000Z');
    expect(summary.pending).toHaveLength(20);
    expect(summary.pending[0]).toBe('Message dans la discussion\u00a0: «\u00a0Message 3\u00a0»');
    // The need's name is not cut by its kind: the summary cuts it.
    expect(summary.pending[1]).toBe(`Ajout du besoin «\u00a0${'n'.repeat(121)}…`);
    expect(summary.pending[1]).toHaveLength(140);
    expect(summary.pending[2]).toBe('Message dans la discussion\u00a0: «\u00a0Message 10\u00a0»');
    expect(summary.pending.every((text) => text.length <= 140)).toBe(true);
    db.close();
  });

  it('says nothing waits when nothing does', async () => {
    const db = new VillageDatabase(`summary-${crypto.randomUUID()}`);
    await db.outbox.add(entry(1, { status: 'failed' }));
    expect(await pendingSummary(db, 'marie')).toEqual({ pending_count: 0, oldest_pending_at: null, pending: [] });
    db.close();
  });
});
