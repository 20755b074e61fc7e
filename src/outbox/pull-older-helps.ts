import Dexie from 'dexie';
import type { Help } from '../contract';
import { listHelps } from '../contract/endpoints/helps';
import { villageTables, type VillageDatabase } from '../db/database';
import { send, type TransportEnv } from '../api/transport';
import type { ApiFailure } from '../api/failure';
import { rebasePending } from './rebase';
import { mutationKinds } from './registry';
import { goneFrom } from './pull-village';

export interface OlderHelpsQuery {
  /** An instant, or the oldest help read so far: the page holds the helps before it. */
  before: string;
  /** The oldest start wanted (the planning's period): none, all the way back. */
  from?: string;
  needId?: string;
  limit?: number;
}

export type OlderHelpsResult = { ok: true; helps: Help[]; hasMore: boolean } | { ok: false; failure: ApiFailure };

/**
 * Reads a page of a village's helps older than those its pull brings (pull-village.ts) and keeps them in the
 * local tables, where the screens' live queries show them. The span the page covers is replaced, so a help
 * removed meanwhile goes; the writes still waiting are applied again on top, as after a pull.
 */
export async function pullOlderHelps(
  transport: TransportEnv,
  db: VillageDatabase,
  userId: string,
  villageId: string,
  query: OlderHelpsQuery,
): Promise<OlderHelpsResult> {
  const result = await send(
    transport,
    listHelps,
    {
      params: { id: villageId },
      query: { before: query.before, from: query.from, need_id: query.needId, limit: String(query.limit ?? 100) },
    },
    { retries: 0 },
  );
  if (!result.ok) return result;
  const { data: helps, has_more: hasMore } = result.data;
  // Local rows write their starts as toISOString does: bounds are compared in that form.
  const cursor = query.before.includes('T') ? new Date(query.before).toISOString() : (await db.helps.get(query.before))?.start_date;
  const kinds = await mutationKinds();
  await db.transaction('rw', [...villageTables(db), db.outbox], async () => {
    if (cursor) {
      // From the oldest help of a full page (a shorter page went all the way down to `from`, or to the first).
      const lower = hasMore ? helps[helps.length - 1].start_date : query.from ? new Date(query.from).toISOString() : Dexie.minKey;
      const span = await db.helps
        .where('[village_id+start_date]')
        .between([villageId, lower], [villageId, cursor], !hasMore, false)
        .filter((h) => !query.needId || h.village_need_id === query.needId)
        .primaryKeys();
      await db.helps.bulkDelete(goneFrom(span, helps));
    }
    await db.helps.bulkPut(helps);
    await rebasePending(db, kinds, villageId, userId);
  });
  return { ok: true, helps, hasMore };
}
