import { and, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { invitations, users, villagers } from '../db/schema';
import { hashToken } from '../auth/tokens';

const pendingIn = (villageId: string) =>
  and(eq(invitations.villageId, villageId), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt));

/**
 * Who invites, for a join link's preview: the inviter's first name when the token is a pending invitation's
 * of this very village; null otherwise (withdrawn, accepted, another village's, made up), saying nothing more.
 */
export async function inviterFirstName(db: Executor, villageId: string, token: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: users.firstName })
    .from(invitations)
    .innerJoin(villagers, eq(villagers.id, invitations.inviterId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(pendingIn(villageId), eq(invitations.tokenHash, hashToken(token))));
  return row ? row.firstName || null : null;
}

/**
 * Joining accepts the village's pending invitations of this person: the one whose link was followed, and the
 * one sent to their address when it is verified (a link mailed again carries a new token; the older one
 * still joins by its code). They leave the organisers' pending list.
 */
export async function acceptInvitations(
  tx: Executor,
  { villageId, userId, token, now }: { villageId: string; userId: string; token?: string; now: Date },
): Promise<number> {
  const [user] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  const byToken = token ? eq(invitations.tokenHash, hashToken(token)) : undefined;
  const byAddress = user?.verifiedAt ? eq(invitations.email, user.email.toLowerCase()) : undefined;
  if (!byToken && !byAddress) return 0;
  const accepted = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(pendingIn(villageId), or(byToken, byAddress)))
    .returning({ id: invitations.id });
  return accepted.length;
}
