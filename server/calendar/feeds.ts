import { and, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../db/client';
import { calendarFeeds, users } from '../db/schema';
import { newToken } from '../auth/tokens';

export type FeedOwner = { kind: 'user'; userId: string } | { kind: 'village'; userId: string; villageId: string };
export type FeedRow = typeof calendarFeeds.$inferSelect;

const sameOwner = (owner: FeedOwner) =>
  and(
    eq(calendarFeeds.userId, owner.userId),
    eq(calendarFeeds.kind, owner.kind),
    owner.kind === 'village' ? eq(calendarFeeds.villageId, owner.villageId) : isNull(calendarFeeds.villageId),
    isNull(calendarFeeds.revokedAt),
  );

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/v1/calendar/${token}.ics`;

export async function revokeFeeds(tx: Executor, owner: FeedOwner, now: Date) {
  await tx.update(calendarFeeds).set({ revokedAt: now }).where(sameOwner(owner));
}

/**
 * A new secret address, the previous one revoked: only the token's hash is stored, so the same address
 * cannot be given twice. The user's row is locked so that two requests at once leave one live address.
 */
export async function issueFeed(tx: Executor, owner: FeedOwner, now: Date): Promise<string> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
  await revokeFeeds(tx, owner, now);
  const { token, hash } = newToken();
  await tx.insert(calendarFeeds).values({
    id: uuidv7(),
    tokenHash: hash,
    kind: owner.kind,
    userId: owner.userId,
    villageId: owner.kind === 'village' ? owner.villageId : null,
    createdAt: now,
  });
  return token;
}

/** The live feed a token opens, if any. */
export async function findLiveFeed(db: Executor, tokenHash: string): Promise<FeedRow | null> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row ?? null;
}
