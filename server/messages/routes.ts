import { and, desc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { listMessages, sendMessage } from '../../src/contract/endpoints/messages';
import type { Deps } from '../deps';
import { messages, users, villagers } from '../db/schema';
import { conflict, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { touchVillage } from '../actions/record';
import { actingAs, canRead, loadMembership, readMembership } from '../policy';
import type { Serializers } from '../serialize';
import { noteSeen } from '../villagers/last-seen';
import { beforeCursor } from '../http/keyset-cursor';
import { checkChatQuota } from './chat-quota';

/** The village's chat, read a page at a time backwards, and written. */
export function messageRoutes(app: App, deps: Deps, serialize: Serializers) {
  const ids = { id: text.villageNotFound };

  route(app, listMessages, { ids }, async (c, { user, params: { id: villageId }, query: q }) => {
    const reader = canRead(await readMembership(deps, villageId, user.id));
    const older = q.before
      ? await beforeCursor(
          deps.db,
          { table: messages, id: messages.id, at: messages.createdAt, villageId: messages.villageId },
          villageId,
          q.before,
        )
      : undefined;
    const rows = await deps.db
      .select({ message: messages, firstName: users.firstName })
      .from(messages)
      .innerJoin(villagers, eq(villagers.id, messages.villagerId))
      .leftJoin(users, eq(users.id, villagers.userId))
      .where(and(eq(messages.villageId, villageId), older))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      // One more than asked tells whether older messages remain, without counting them.
      .limit(q.limit + 1);
    const page = rows.slice(0, q.limit);
    // The newest messages read on this device: no chat digest will tell them on another. (An older page
    // proves nothing about the new ones.)
    if (!q.before) await noteSeen(deps, reader.id);
    return c.json({ data: page.map((r) => serialize.message(r.message, r.firstName)), has_more: rows.length > q.limit });
  });

  route(app, sendMessage, { ids }, async (c, { user, params: { id: villageId }, body: input }) => {
    return write(c, deps, 201, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, input.villager_id);
      const now = deps.clock.now();
      await checkChatQuota(tx, { villageId, villagerId: actor.id, now });
      const [message] = await tx
        .insert(messages)
        .values({ id: input.id?.toLowerCase() ?? uuidv7(), villageId, villagerId: actor.id, body: input.body, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!message) throw conflict(text.idTaken);
      // Not an item of the feed, but a change of the village: its revision moves and the other instances hear of it.
      await touchVillage(tx, villageId, now, 'message_sent', [
        { villageId, kind: 'message', data: { message_id: message.id }, dueAt: now },
      ]);
      const [author] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
      return serialize.message(message, author?.firstName);
    });
  });
}
