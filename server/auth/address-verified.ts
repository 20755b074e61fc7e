import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { acceptInvitationsOfAddress } from '../invitations/accept';
import { catchUpConfirmations } from '../mail/kinds/confirmation-catch-up';

/**
 * Marks a person's current address verified, by any road that proves it (the mailed link, an invitation's
 * link followed by the address it was sent to), with what a verified address brings at once: the
 * confirmations of the helps they already hold, and the invitations to that address in their villages
 * accepted. Reminders need nothing here: their producer reads the verified address each evening.
 * Only the write that flips it does the rest (two at once: one does it). Answers whether it flipped.
 */
export async function markAddressVerified(tx: Executor, userId: string, now: Date): Promise<boolean> {
  const [flipped] = await tx
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (!flipped) return false;
  await catchUpConfirmations(tx, userId, now);
  await acceptInvitationsOfAddress(tx, userId, now);
  return true;
}
