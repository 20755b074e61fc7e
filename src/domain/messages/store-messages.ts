import type { ChatMessage } from '../../contract';
import type { VillageDatabase } from '../../db/database';
import { sendMessage, type SendMessagePayload } from './mutations/send-message';

/**
 * Writes a page of the server's messages into the local table. With the newest page, the local guesses
 * (messages marked pending) are dropped and the messages still waiting in the outbox put back, so one
 * refused by the server goes and none not yet sent vanishes. Confirmed messages are never removed: a
 * page answered before a send arrived must not hide it.
 */
export async function storeMessages(db: VillageDatabase, villageId: string, page: ChatMessage[], options: { newest: boolean }) {
  await db.transaction('rw', [db.messages, db.outbox, db.session], async () => {
    if (options.newest) {
      await db.messages
        .where('village_id')
        .equals(villageId)
        .filter((m) => !!m.pending)
        .delete();
    }
    await db.messages.bulkPut(page);
    if (!options.newest) return;
    const userId = (await db.session.get('current'))?.userId ?? null;
    const waiting = await db.outbox.where('villageId').equals(villageId).sortBy('seq');
    for (const entry of waiting) {
      if (entry.kind !== sendMessage.name || entry.status !== 'pending' || entry.userId !== userId) continue;
      await sendMessage.apply(db, entry.payload as SendMessagePayload, { createdAt: entry.createdAt });
    }
  });
}
