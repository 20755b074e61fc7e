import { and, desc, eq, gt } from 'drizzle-orm';
import { CHAT_MESSAGES_PER_MINUTE, chatTooFast } from '../../src/contract/messages';
import type { Executor } from '../db/client';
import { messages } from '../db/schema';
import { enforceQuota, holdQuota, newestNeeded, type Quota } from '../http/account-quota';

export const CHAT_MESSAGES: Quota = { max: CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 };

/**
 * Refuses with a French 429 and Retry-After a message past the bound of its author in this village,
 * counted from the messages stored (every instance agrees): one account cannot flood a village's chat,
 * its members' digests and pushes. An author writes as their own villager only, so the villager is the
 * account in this village. Called in the write's transaction, before the insert.
 */
export async function checkChatQuota(tx: Executor, input: { villageId: string; villagerId: string; now: Date }) {
  // Two messages at once count each other (on every instance).
  await holdQuota(tx, `chat:${input.villagerId}`);
  const recent = await tx
    .select({ at: messages.createdAt })
    .from(messages)
    // The village's (village_id, created_at) index: only its last minute of messages is read.
    .where(
      and(
        eq(messages.villageId, input.villageId),
        gt(messages.createdAt, new Date(input.now.getTime() - CHAT_MESSAGES.windowMs)),
        eq(messages.villagerId, input.villagerId),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(newestNeeded(CHAT_MESSAGES, 1));
  enforceQuota(
    recent.map((row) => row.at),
    CHAT_MESSAGES,
    1,
    input.now,
    chatTooFast,
  );
}
