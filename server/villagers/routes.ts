import { and, eq, ne, or } from 'drizzle-orm';
import { banVillager, getVillager, leaveVillage, updateVillager } from '../../src/contract/endpoints/villagers';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { users, villagers } from '../db/schema';
import { conflict, forbidden, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction, touchVillage } from '../actions/record';
import { actingAs, canManage, isActive, isManager, loadMembership, mayRemoveVillager } from '../policy';
import type { Serializers } from '../serialize';
import { releasedJobs, releaseFutureHelps } from './release-helps';
import { villagerRoleRoute } from './role-route';
import { findVillager } from './find-villager';

const CANNOT_BAN_SELF = 'Vous ne pouvez pas vous retirer vous-même\u00a0: quittez le village depuis vos réglages.';
const CANNOT_BAN_MANAGER = 'La personne aidée et la personne qui a créé le village ne peuvent pas être retirées.';
const CANNOT_BAN_CO_ORGANISER = 'Seules la personne qui a créé le village et la personne aidée peuvent retirer un co-organisateur.';
const ONLY_OWN = 'Vous ne pouvez agir que sur votre propre participation.';

/**
 * A village's members: banning one, leaving, naming co-organisers. Whoever goes gives back their future
 * helps in the same transaction (release-helps.ts), and the organisers are told how many.
 */
export function villageMemberRoutes(app: App, deps: Deps, serialize: Serializers) {
  const ids = { id: text.villageNotFound, villagerId: text.villagerNotFound };

  route(app, banVillager, { ids }, async (c, { user, params: { id: villageId, villagerId }, query }) => {
    return write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, query.deleter_id);
      const { villager: target, firstName } = await findVillager(tx, villageId, villagerId);
      if (target.id === actor.id) throw forbidden(CANNOT_BAN_SELF);
      const refusal = mayRemoveVillager(actor, target);
      if (refusal === 'appointer') throw forbidden(CANNOT_BAN_MANAGER);
      if (refusal === 'co-organiser') throw forbidden(CANNOT_BAN_CO_ORGANISER);
      if (target.isBan) return;
      const now = deps.clock.now();
      await tx.update(villagers).set({ isBan: true, isManager: false }).where(eq(villagers.id, target.id));
      const released = await releaseFutureHelps(tx, target.id, now);
      const who = { villagerId: target.id, firstName, actorId: actor.id, reason: 'banned' as const };
      await recordAction(
        tx,
        { villageId, villagerId: actor.id, type: 'villager_banned', data: { villager_id: target.id, first_name: firstName, released } },
        now,
        releasedJobs(villageId, who, released, now),
      );
    });
  });

  route(app, leaveVillage, { ids }, async (c, { user, params: { id: villageId, villagerId } }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, villagerId);
      // Nobody could manage the village after its last manager (creator, needy person or co-organiser).
      if (isManager(actor) && !(await anotherManager(tx, villageId, actor.id))) throw conflict(text.lastManager);
      const now = deps.clock.now();
      const [left] = await tx.update(villagers).set({ isOut: true, isManager: false }).where(eq(villagers.id, actor.id)).returning();
      const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
      const firstName = me?.firstName ?? null;
      const released = await releaseFutureHelps(tx, actor.id, now);
      await recordAction(
        tx,
        { villageId, villagerId: actor.id, type: 'villager_left', data: { first_name: firstName, released } },
        now,
        releasedJobs(villageId, { villagerId: actor.id, firstName, actorId: actor.id, reason: 'left' }, released, now),
      );
      return serialize.villager(left);
    });
  });

  villagerRoleRoute(app, deps, serialize);
}

/** Whether an active manager other than `villagerId` stays in the village. */
async function anotherManager(tx: Executor, villageId: string, villagerId: string) {
  const [row] = await tx
    .select({ id: villagers.id })
    .from(villagers)
    .where(
      and(
        eq(villagers.villageId, villageId),
        ne(villagers.id, villagerId),
        eq(villagers.isOut, false),
        eq(villagers.isBan, false),
        or(eq(villagers.isCreator, true), eq(villagers.isNeedy, true), eq(villagers.isManager, true)),
      ),
    )
    .limit(1);
  return !!row;
}

/** One's own villager, read and updated (the notification check date). */
export function villagerRoutes(app: App, deps: Deps, serialize: Serializers) {
  const own = async (db: Executor, userId: string, villagerId: string) => {
    const [villager] = await db.select().from(villagers).where(eq(villagers.id, villagerId));
    if (!villager) throw notFound(text.villagerNotFound);
    if (villager.userId !== userId) throw forbidden(ONLY_OWN);
    return villager;
  };

  const ids = { id: text.villagerNotFound };

  route(app, getVillager, { ids }, async (c, { user, params: { id } }) => {
    const villager = await own(deps.db, user.id, id);
    return c.json({ data: serialize.villager(villager) });
  });

  route(app, updateVillager, { ids }, async (c, { user, params: { id }, body: input }) => {
    return write(c, deps, 200, async (tx) => {
      const villager = await own(tx, user.id, id);
      if (!isActive(villager)) throw forbidden(text.notMember);
      const [updated] = await tx
        .update(villagers)
        .set({ lastCheckNotifDate: new Date(input.last_check_notif_date) })
        .where(eq(villagers.id, id))
        .returning();
      // Not an action of the feed (it would make the feed unseen again), but the village view changed.
      await touchVillage(tx, villager.villageId, deps.clock.now(), 'villager_checked');
      return serialize.villager(updated);
    });
  });
}
