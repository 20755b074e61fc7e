import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationSettings, users } from '../../db/schema';
import { wantsMailBy } from '../preferences';
import { queueMail } from '../queue';
import { helpMailPayload } from './help-event';

/** The taker's address and mail choices, as their confirmation needs them: read here, or by the write's own read. */
export const recipientColumns = {
  email: users.email,
  firstName: users.firstName,
  verifiedAt: users.emailVerifiedAt,
  settings: notificationSettings.settings,
};
export type Recipient = { email: string; firstName: string; verifiedAt: Date | null; settings: unknown };

type HelpConfirmation = {
  userId: string;
  village: Parameters<typeof helpMailPayload>[0];
  need: Parameters<typeof helpMailPayload>[1];
  help: Parameters<typeof helpMailPayload>[2];
  now: Date;
  /** The person and their choices, when the write already read them (helps/slot-holders.ts `readForTaking`). */
  recipient?: Recipient;
};

/**
 * `confirmation:{helpId}:{start}`: one confirmation per help and start, whoever queues it (the write that
 * took the help, or the catch-up when the address becomes verified: mail/kinds/confirmation-catch-up.ts).
 */
export const confirmationKey = (help: { id: string; startDate: Date }) => `confirmation:${help.id}:${help.startDate.toISOString()}`;

/**
 * Queues the confirmation in the transaction of the write that took the help, so it exists exactly when
 * the help does; a replayed request (same Idempotency-Key) answers before this runs, so it is queued once.
 * Not queued for someone who turned confirmations off, or whose address is not verified yet (the
 * dispatcher would drop it anyway): that one is queued when the address becomes verified, under the same key.
 * Nor for a help recorded once its time is over: there is nothing left to confirm nor to withdraw from.
 */
export async function queueHelpConfirmation(
  tx: Executor,
  { userId, village, need, help, now, recipient }: HelpConfirmation,
): Promise<boolean> {
  if ((help.endDate ?? help.startDate).getTime() <= now.getTime()) return false;
  // The person and their choices in one read, unless the write's own read brought them: this runs in every help's write.
  const [user] = recipient
    ? [recipient]
    : await tx
        .select(recipientColumns)
        .from(users)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(eq(users.id, userId));
  if (!user?.verifiedAt) return false;
  if (!wantsMailBy(user.settings, 'confirmations', village.id)) return false;
  return queueMail(tx, {
    kind: 'help_confirmation',
    to: user.email,
    userId,
    payload: helpMailPayload(village, need, help, user.firstName),
    now,
    key: confirmationKey(help),
  });
}
