import { and, eq } from 'drizzle-orm';
import type { DeviceCheckIn, DeviceCheckInInput, LostStore } from '../../src/contract/devices';
import { MAX_DESCRIBED_WRITES } from '../../src/contract/devices';
import type { Tx } from '../db/client';
import { deviceRecords } from '../db/schema';

type Row = typeof deviceRecords.$inferSelect;

/** What a store that is gone had last said: its writes then, and the time after which nothing is known. */
const lostOf = (row: Row): LostStore => ({
  last_contact_at: row.lastContactAt.toISOString(),
  pending_count: row.pendingCount,
  oldest_pending_at: row.oldestPendingAt?.toISOString() ?? null,
  pending: row.pending,
});

/**
 * Two stores lost before the person was told (wiped twice): the later contact, which bounds what is unknown,
 * and what both had waiting.
 */
const merged = (earlier: LostStore | null, later: LostStore): LostStore =>
  earlier === null
    ? later
    : {
        last_contact_at: later.last_contact_at,
        pending_count: earlier.pending_count + later.pending_count,
        oldest_pending_at: earlier.oldest_pending_at ?? later.oldest_pending_at,
        pending: [...earlier.pending, ...later.pending].slice(0, MAX_DESCRIBED_WRITES),
      };

/**
 * Records a check-in of `deviceHash` for `userId`, and answers the lost store still to tell. The record is
 * found by the device cookie, else by the store (a cookie that did not come back: it is then moved to the
 * new cookie, so one store keeps one record). A store id other than the recorded one, on a device not signed
 * out since, means the recorded store is gone: what it had said is kept in `lost` until acknowledged.
 */
export async function checkIn(tx: Tx, deviceHash: string, userId: string, input: DeviceCheckInInput, now: Date): Promise<DeviceCheckIn> {
  const summary = {
    storeId: input.store_id,
    lastContactAt: now,
    pendingCount: input.pending_count,
    oldestPendingAt: input.oldest_pending_at === null ? null : new Date(input.oldest_pending_at),
    pending: input.pending,
  };
  const [byDevice] = await tx
    .select()
    .from(deviceRecords)
    .where(and(eq(deviceRecords.deviceHash, deviceHash), eq(deviceRecords.userId, userId)))
    .for('update');
  const row =
    byDevice ??
    (
      await tx
        .select()
        .from(deviceRecords)
        .where(and(eq(deviceRecords.userId, userId), eq(deviceRecords.storeId, input.store_id)))
        .limit(1)
        .for('update')
    )[0];
  if (!row) {
    await tx
      .insert(deviceRecords)
      .values({ deviceHash, userId, ...summary, signedOut: false, lost: null })
      .onConflictDoUpdate({ target: [deviceRecords.deviceHash, deviceRecords.userId], set: summary });
    return { lost: null };
  }
  const storeGone = row.storeId !== input.store_id && !row.signedOut;
  const kept = storeGone ? merged(row.lost ?? null, lostOf(row)) : (row.lost ?? null);
  const lost = input.acknowledge_lost ? null : kept;
  await tx
    .update(deviceRecords)
    .set({ ...summary, deviceHash, signedOut: false, lost })
    .where(and(eq(deviceRecords.deviceHash, row.deviceHash), eq(deviceRecords.userId, userId)));
  return { lost };
}

/**
 * The logout call: whatever store this device has next for that person starts afresh, nothing was lost (a
 * loss found before and not yet told stays).
 */
export async function markSignedOut(tx: Tx, deviceHash: string, userId: string) {
  await tx
    .update(deviceRecords)
    .set({ signedOut: true })
    .where(and(eq(deviceRecords.deviceHash, deviceHash), eq(deviceRecords.userId, userId)));
}
