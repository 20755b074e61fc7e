import { MAX_DESCRIBED_WRITES, MAX_DESCRIPTION_LENGTH } from '../contract/devices';
import type { OutboxEntry, VillageDatabase } from '../db/database';
import { describeEntry } from './describe-entry';
import { mutationKinds } from './registry';

/** What a user's queue holds, as the device check-in tells the server (src/contract/devices.ts). */
export interface PendingSummary {
  pending_count: number;
  oldest_pending_at: string | null;
  pending: string[];
}

const cut = (text: string) => (text.length <= MAX_DESCRIPTION_LENGTH ? text : `${text.slice(0, MAX_DESCRIPTION_LENGTH - 1)}…`);

/** The user's writes waiting on this device: how many, since when, and the first 20 in French. */
export async function pendingSummary(database: VillageDatabase, userId: string): Promise<PendingSummary> {
  const waiting: OutboxEntry[] = await database.outbox.filter((e) => e.userId === userId && e.status === 'pending').sortBy('seq');
  if (waiting.length === 0) return { pending_count: 0, oldest_pending_at: null, pending: [] };
  // describeEntry reads the registry already loaded: loaded here, since this may run before any drain did.
  await mutationKinds().catch(() => null);
  return {
    pending_count: waiting.length,
    oldest_pending_at: waiting.reduce((oldest, e) => (e.createdAt < oldest ? e.createdAt : oldest), waiting[0].createdAt),
    pending: waiting.slice(0, MAX_DESCRIBED_WRITES).map((e) => cut(describeEntry(e))),
  };
}
