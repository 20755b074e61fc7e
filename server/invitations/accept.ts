import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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
 * Joining accepts the village's pending invitations of this person, whatever road they came by (the
 * invitation's link, the share link, the code): the one whose link was followed, and the one sent to their
 * address. They leave the organisers' pending list, shown as joined (accepted_at); leaving later does not
 * make them pending again. An address not verified yet closes its invitation too: closing reveals nothing
 * (the answer is the same) and gives nothing (no right, no mail; the village was joined by its code
 * already), while waiting for a verification most invitees never do left organisers a list of people
 * "en attente" who were in the village.
 */
export async function acceptInvitations(
  tx: Executor,
  { villageId, userId, token, now }: { villageId: string; userId: string; token?: string; now: Date },
): Promise<number> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const byToken = token ? eq(invitations.tokenHash, hashToken(token)) : undefined;
  const byAddress = user ? eq(invitations.email, user.email.toLowerCase()) : undefined;
  if (!byToken && !byAddress) return 0;
  const accepted = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(pendingIn(villageId), or(byToken, byAddress)))
    .returning({ id: invitations.id });
  return accepted.length;
}

/**
 * Whether this invitation token of this village was mailed to the joining person's current address: having
 * its link proves the address as the verification link does (auth/address-verified.ts). Any sending of
 * the invitation counts, accepted already (by the address, at this very join) or not; only the last
 * sending's token is stored, so an older link proves nothing.
 */
export async function invitationProvesAddress(
  tx: Executor,
  { villageId, userId, token }: { villageId: string; userId: string; token?: string },
): Promise<boolean> {
  if (!token) return false;
  const [row] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .innerJoin(users, eq(users.id, userId))
    .where(
      and(
        eq(invitations.villageId, villageId),
        eq(invitations.tokenHash, hashToken(token)),
        eq(invitations.email, sql`lower(${users.email})`),
      ),
    );
  return row !== undefined;
}

/**
 * An address just verified: the pending invitations sent to it in the villages its person is in are
 * accepted (the address changed to an invited one after joining, say).
 */
export async function acceptInvitationsOfAddress(tx: Executor, userId: string, now: Date): Promise<number> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return 0;
  const memberOf = tx
    .select({ id: villagers.villageId })
    .from(villagers)
    .where(and(eq(villagers.userId, userId), eq(villagers.isOut, false), eq(villagers.isBan, false)));
  const accepted = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(
      and(
        eq(invitations.email, user.email.toLowerCase()),
        isNull(invitations.acceptedAt),
        isNull(invitations.withdrawnAt),
        inArray(invitations.villageId, memberOf),
      ),
    )
    .returning({ id: invitations.id });
  return accepted.length;
}
