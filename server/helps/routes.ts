import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addHelp, deleteHelp, refuseHelp } from '../../src/contract/endpoints/needs';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { helps, users, villageNeeds, villagers } from '../db/schema';
import { conflict, forbidden, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import { cancelReminders, helpTakenJobs } from '../push/queue';
import { actingAs, canManage, canRemoveHelp, loadMembership } from '../policy';
import type { Serializers } from '../serialize';

const NOT_YOUR_HELP = 'Seule la personne qui a proposé cette aide, ou celles qui gèrent le village, peuvent la retirer.';

/** Helps: adding one to a need, removing and refusing them. */
export function helpRoutes(app: App, deps: Deps, serialize: Serializers) {

  /** What the feed needs to tell the story of a help once it is gone. */
  const describe = async (tx: Executor, villageId: string, helpId: string) => {
    const [row] = await tx
      .select({ help: helps, needName: villageNeeds.name, helperName: users.firstName })
      .from(helps)
      .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
      .innerJoin(villagers, eq(villagers.id, helps.helperId))
      .leftJoin(users, eq(users.id, villagers.userId))
      .where(and(eq(helps.id, helpId), eq(helps.villageId, villageId)));
    if (!row) throw notFound(text.helpNotFound);
    return row;
  };

  route(app, addHelp, { ids: { id: text.villageNotFound, needId: text.needNotFound } }, async (c, { user, params, body: input }) => {
    const { id: villageId, needId } = params;
    return write(c, deps, 201, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, input.helper_id);
      const [need] = await tx
        .select()
        .from(villageNeeds)
        .where(and(eq(villageNeeds.id, needId), eq(villageNeeds.villageId, villageId)));
      if (!need) throw notFound(text.needNotFound);
      const now = deps.clock.now();
      const id = input.id?.toLowerCase() ?? uuidv7();
      const [help] = await tx
        .insert(helps)
        .values({
          id,
          villageId,
          villageNeedId: needId,
          helperId: actor.id,
          startDate: new Date(input.start_date),
          endDate: input.end_date ? new Date(input.end_date) : null,
          comment: input.comment,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!help) throw conflict(text.idTaken);
      const told = { help_id: id, need_id: needId, need_name: need.name, helper_id: actor.id, start_date: help.startDate.toISOString() };
      await recordAction(
        tx,
        {
          villageId,
          villagerId: actor.id,
          type: 'help_added',
          data: { help_id: id, need_id: needId, need_name: need.name, start_date: help.startDate.toISOString() },
        },
        now,
        helpTakenJobs(help, told, now),
      );
      return { ...serialize.help(help), village_need: serialize.need(need) };
    });
  });

  const helpIds = { ids: { id: text.villageNotFound, helpId: text.helpNotFound } };

  route(app, deleteHelp, helpIds, async (c, { user, params: { id: villageId, helpId }, query }) => {
    return write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, query.villager_id);
      const { help, needName } = await describe(tx, villageId, helpId);
      if (!canRemoveHelp(actor, help)) throw forbidden(NOT_YOUR_HELP);
      await tx.delete(helps).where(eq(helps.id, helpId));
      await cancelReminders(tx, helpId);
      await recordAction(
        tx,
        { villageId, villagerId: actor.id, type: 'help_deleted', data: { help_id: helpId, need_name: needName, start_date: help.startDate.toISOString() } },
        deps.clock.now(),
      );
    });
  });

  route(app, refuseHelp, helpIds, async (c, { user, params: { id: villageId, helpId }, query }) => {
    return write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, query.villager_id);
      const { help, needName, helperName } = await describe(tx, villageId, helpId);
      await tx.delete(helps).where(eq(helps.id, helpId));
      await cancelReminders(tx, helpId);
      const now = deps.clock.now();
      const told = {
        help_id: helpId,
        need_id: help.villageNeedId,
        need_name: needName,
        helper_id: help.helperId,
        refuser_id: actor.id,
        start_date: help.startDate.toISOString(),
      };
      await recordAction(
        tx,
        {
          villageId,
          villagerId: actor.id,
          type: 'help_refused',
          data: {
            help_id: helpId,
            helper_id: help.helperId,
            helper_first_name: helperName,
            need_name: needName,
            start_date: help.startDate.toISOString(),
          },
        },
        now,
        [{ villageId, kind: 'help_refused', data: told, dueAt: now }],
      );
    });
  });
}
