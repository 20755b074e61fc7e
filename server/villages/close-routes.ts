import { and, eq } from 'drizzle-orm';
import { REOPEN_WINDOW_DAYS } from '../../src/contract/villages';
import { closeVillage, deleteVillage, reopenVillage } from '../../src/contract/endpoints/villages';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { newsPhotos, newsPosts, users, villagers, villages } from '../db/schema';
import { conflict, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { touchVillage } from '../actions/record';
import { queueMail } from '../mail/queue';
import { villageName } from '../mail/kinds/help-event';
import { actingAs, canManage, loadMembership } from '../policy';
import type { Serializers } from '../serialize';
import { releaseVillageFutureHelps } from '../villagers/release-helps';

const ALREADY_CLOSED = 'Ce village est déjà clôturé.';
const NOT_CLOSED = "Ce village n'est pas clôturé.";
const TOO_LATE = `Ce village a été clôturé il y a plus de ${REOPEN_WINDOW_DAYS}\u00a0jours\u00a0: il ne peut plus être rouvert.`;
const DAY_MS = 24 * 3600_000;

/**
 * Closing a village when care ends, by its organisers (policy.ts `canManage`): its future helps are released,
 * the producers skip it from then on (villages/closed.ts), and each member gets one « merci à tous » mail with
 * the last word. Every other write to it is refused (closed-guard.ts) until an organiser reopens it, within
 * `REOPEN_WINDOW_DAYS` days; the released helps do not come back.
 */
export function villageCloseRoutes(app: App, deps: Deps, serialize: Serializers) {
  const ids = { id: text.villageNotFound };

  route(app, closeVillage, { ids }, async (c, { user, params: { id }, body }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, id, user.id);
      canManage(m);
      const closer = actingAs(m, body.closer_id);
      if (m.village.closedAt) throw conflict(ALREADY_CLOSED);
      const now = deps.clock.now();
      await releaseVillageFutureHelps(tx, id, now);
      await tx.update(villages).set({ closedAt: now, closedMessage: body.message, closedBy: closer.id }).where(eq(villages.id, id));
      await touchVillage(tx, id, now, 'closed');
      const fresh = await readVillage(tx, id);
      await queueFarewells(tx, fresh, user.id, now);
      return serialize.village(fresh);
    });
  });

  route(app, reopenVillage, { ids }, async (c, { user, params: { id }, body }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, id, user.id);
      canManage(m);
      actingAs(m, body.villager_id);
      const closedAt = m.village.closedAt;
      if (!closedAt) throw conflict(NOT_CLOSED);
      const now = deps.clock.now();
      if (now.getTime() - closedAt.getTime() > REOPEN_WINDOW_DAYS * DAY_MS) throw conflict(TOO_LATE);
      await tx.update(villages).set({ closedAt: null, closedMessage: null, closedBy: null }).where(eq(villages.id, id));
      await touchVillage(tx, id, now, 'reopened');
      return serialize.village(await readVillage(tx, id));
    });
  });

  /**
   * Deleting for good (the app asks to type the village's name first): the rows go by their cascades in one
   * transaction, then the photos it pointed to (its own and its news') leave the file store, once committed.
   */
  route(app, deleteVillage, { ids }, async (c, { user, params: { id }, query }) => {
    const keys: string[] = [];
    const response = await write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, id, user.id);
      canManage(m);
      actingAs(m, query.deleter_id);
      const photos = await tx
        .select({ key: newsPhotos.key })
        .from(newsPhotos)
        .innerJoin(newsPosts, eq(newsPosts.id, newsPhotos.newsId))
        .where(eq(newsPosts.villageId, id));
      keys.push(...photos.map((p) => p.key), ...(m.village.photoKey ? [m.village.photoKey] : []));
      await tx.delete(villages).where(eq(villages.id, id));
      await touchVillage(tx, id, deps.clock.now(), 'deleted');
    });
    for (const key of keys) await deps.files.remove(key);
    return response;
  });
}

async function readVillage(tx: Executor, id: string) {
  const [row] = await tx.select().from(villages).where(eq(villages.id, id));
  return row;
}

/** One mail to each active member with an address, keyed by the closing so that a retried write queues none again. */
async function queueFarewells(tx: Executor, village: typeof villages.$inferSelect, closerUserId: string, now: Date) {
  const members = await tx
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(villagers)
    .innerJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(villagers.villageId, village.id), eq(villagers.isOut, false), eq(villagers.isBan, false)));
  const closerName = members.find((member) => member.userId === closerUserId)?.firstName ?? 'Une personne qui organise le village';
  for (const member of members) {
    await queueMail(tx, {
      kind: 'village_closed',
      to: member.email,
      userId: member.userId,
      payload: {
        village_id: village.id,
        village_name: villageName(village),
        first_name: member.firstName,
        closer_name: closerName,
        message: village.closedMessage,
      },
      now,
      key: `village_closed:${village.id}:${now.toISOString()}:${member.userId}`,
    });
  }
}
