import { and, eq, ne, or } from 'drizzle-orm';
import { banVillager, getVillager, leaveVillage, updateVillager } from '../../src/contract/endpoints/villagers';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { users, villagers } from '../db/schema';
import { conflict, forbidden, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction, touchVillage } from '../actions/record';
import { actingAs, canManage, isActive, isManager, loadMembership } from '../policy';
import type { Serializers } from '../serialize';

const CANNOT_BAN_SELF = 'Vous ne pouvez pas vous retirer vous-même : quittez le village depuis vos réglages.';
const CANNOT_BAN_MANAGER = 'La personne aidée et la personne qui a créé le village ne peuvent pas être retirées.';
const ONLY_OWN = 'Vous ne pouvez agir que sur votre propre participation.';

const findVillager = async (tx: Executor, villageId: string, villagerId: string) => {
  const [row] = await tx
    .select({ villager: villagers, firstName: users.firstName })
    .from(villagers)
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(villagers.id, villagerId), eq(villagers.villageId, villageId)));
  if (!row) throw notFound(text.villagerNotFound);
  return row;
};

/** A village's members: banning one, leaving. */
export function villageMemberRoutes(app: App, deps: Deps, serialize: Serializers) {
  const ids = { id: text.villageNotFound, villagerId: text.villagerNotFound };

  route(app, banVillager, { ids }, async (c, { user, params: { id: villageId, villagerId }, query }) => {
    return write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, query.deleter_id);
      const { villager: target, firstName } = await findVillager(tx, villageId, villagerId);
      if (target.id === actor.id) throw forbidden(CANNOT_BAN_SELF);
      if (target.isCreator || target.isNeedy) throw forbidden(CANNOT_BAN_MANAGER);
      if (target.isBan) return;
      await tx.update(villagers).set({ isBan: true }).where(eq(villagers.id, target.id));
      await recordAction(
        tx,
        { villageId, villagerId: actor.id, type: 'villager_banned', data: { villager_id: target.id, first_name: firstName } },
        deps.clock.now(),
      );
    });
  });

  route(app, leaveVillage, { ids }, async (c, { user, params: { id: villageId, villagerId } }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, villagerId);
      // Nobody could manage the village after its last manager (no call makes someone a manager).
      if (isManager(actor) && !(await anotherManager(tx, villageId, actor.id))) throw conflict(text.lastManager);
      const [left] = await tx.update(villagers).set({ isOut: true }).where(eq(villagers.id, actor.id)).returning();
      const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
      await recordAction(tx, { villageId, villagerId: actor.id, type: 'villager_left', data: { first_name: me?.firstName ?? null } }, deps.clock.now());
      return serialize.villager(left);
    });
  });
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
        or(eq(villagers.isCreator, true), eq(villagers.isNeedy, true)),
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
