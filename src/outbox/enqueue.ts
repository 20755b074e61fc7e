import * as v from 'valibot';
import { v7 as uuidv7 } from 'uuid';
import { db as defaultDb, villageTables, type OutboxEntry, type VillageDatabase } from '../db/database';
import type { MutationKind } from './mutation-kind';
import { QuotaExceeded, isQuotaError, reportStorageFull } from './quota';
import { VillageClosed } from './village-closed';

/**
 * Makes a write: its local effect and its place in the outbox in one transaction, so the screen shows it at
 * once and it cannot be lost between the two. The caller then asks for a replay (writeLocally does both).
 * The kind is the object, not its name: its payload's type is checked where the write is made.
 * A full disk is thrown as QuotaExceeded, a write to a village the device knows closed as VillageClosed, for the
 * screen to say so.
 */
export async function enqueue<P>(
  kind: MutationKind<P>,
  payload: NoInfer<P>,
  options: { db?: VillageDatabase; now?: () => Date } = {},
): Promise<OutboxEntry> {
  const db = options.db ?? defaultDb;
  const parsed = v.parse(kind.payload, payload);
  const createdAt = (options.now?.() ?? new Date()).toISOString();
  try {
    const written = await db.transaction('rw', [...villageTables(db), db.outbox, db.session], async () => {
      const session = await db.session.get('current');
      if (!session?.userId) throw new Error('No signed-in user to make this change');
      const villageId = kind.villageId(parsed);
      if ((await db.villages.get(villageId))?.closed_at) throw new VillageClosed();
      const entry: OutboxEntry = {
        id: uuidv7(),
        userId: session.userId,
        kind: kind.name,
        payload: parsed,
        villageId,
        createdAt,
        status: 'pending',
        attempts: 0,
        notBefore: 0,
      };
      await kind.apply(db, parsed, { createdAt });
      entry.seq = await db.outbox.add(entry);
      return entry;
    });
    reportStorageFull(false);
    return written;
  } catch (error) {
    if (isQuotaError(error)) {
      reportStorageFull(true);
      throw new QuotaExceeded();
    }
    throw error;
  }
}
