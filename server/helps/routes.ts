import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addHelp, deleteHelp, refuseHelp, updateHelp } from '../../src/contract/endpoints/helps';
import { helpStartProblem, occurrenceAt } from '../../src/contract/schedule';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { helps, villageNeeds } from '../db/schema';
import { conflict, forbidden, invalid, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction, touchVillage } from '../actions/record';
import { cancelReminders, helpTakenJobs } from '../push/queue';
import { queueHelpConfirmation } from '../mail/kinds/confirmation-queue';
import { helpWithNames, lockNeed, readForTaking, slotHolders } from './slot-holders';
import { actingAs, canManage, canRemoveHelp, loadMembership } from '../policy';
import type { Serializers } from '../serialize';
import { helpListRoutes } from './list-routes';
import { needFor, readAudience } from '../needs/need-audience';
import { helpThanksRoutes } from './thanks-routes';
import { replacementRoutes } from './replacement-routes';

const NOT_YOUR_HELP = 'Seule la personne qui a proposé cette aide, ou celles qui gèrent le village, peuvent la retirer.';
const ALREADY_YOURS = 'Vous vous occupez déjà de ce créneau.';
/** A helper who withdraws closer than this to the start leaves the organisers little time: they are told. */
export const LATE_WITHDRAWAL_MS = 48 * 3600 * 1000;

/** Helps: adding one to a need, removing and refusing them. */
export function helpRoutes(app: App, deps: Deps, serialize: Serializers) {
  helpListRoutes(app, deps, serialize);
  helpThanksRoutes(app, deps, serialize);
  replacementRoutes(app, deps, serialize);

  /** What the feed needs to tell the story of a help once it is gone. */
  const describe = async (tx: Executor, villageId: string, helpId: string) => {
    const row = await helpWithNames(tx, villageId, helpId);
    if (!row) throw notFound(text.helpNotFound);
    return row;
  };

  route(app, addHelp, { ids: { id: text.villageNotFound, needId: text.needNotFound } }, async (c, { user, params, body: input }) => {
    const { id: villageId, needId } = params;
    return write(c, deps, 201, async (tx) => {
      // The need locked first: concurrent takers of its slots count its places one after the other.
      const m = await readForTaking(tx, villageId, user.id, needId);
      const actor = actingAs(m, input.helper_id);
      const need = m.need ?? (await lockNeed(tx, villageId, needId));
      const now = deps.clock.now();
      const problem = helpStartProblem(input.start_date, now);
      if (problem) throw invalid([{ field: 'start_date', message: problem }]);
      let endDate = input.end_date ? new Date(input.end_date) : null;
      if (need.schedule) {
        const occurrence = occurrenceAt(need.schedule, m.village.timeZone, input.start_date, now);
        if (!occurrence) throw invalid([{ field: 'start_date', message: text.slotCancelled }]);
        // A slot lasts what its schedule says, whatever end the client computed.
        endDate = new Date(occurrence.end_date);
        const holders = await slotHolders(tx, needId, new Date(occurrence.start_date));
        if (holders.some((holder) => holder.helperId === actor.id)) throw conflict(ALREADY_YOURS);
        if (holders.length >= need.schedule.places) throw conflict(text.slotFull(holders.map((holder) => holder.firstName ?? '')));
      }
      const id = input.id?.toLowerCase() ?? uuidv7();
      const [help] = await tx
        .insert(helps)
        .values({
          id,
          villageId,
          villageNeedId: needId,
          helperId: actor.id,
          startDate: new Date(input.start_date),
          endDate,
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
        helpTakenJobs(help, told, now, m.village.timeZone),
      );
      await queueHelpConfirmation(tx, { userId: user.id, village: m.village, need, help, now, recipient: m.recipient });
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
      const now = deps.clock.now();
      const start = help.startDate.toISOString();
      const untilStart = help.startDate.getTime() - now.getTime();
      if (help.helperId === actor.id && untilStart > 0 && untilStart < LATE_WITHDRAWAL_MS) {
        // Said instead of a plain withdrawal: the organisers have little time to find someone else.
        const data = { help_id: helpId, need_id: help.villageNeedId, need_name: needName, start_date: start };
        await recordAction(tx, { villageId, villagerId: actor.id, type: 'help_withdrawn_late', data }, now, [
          { villageId, kind: 'help_withdrawn_late', data: { ...data, helper_id: actor.id }, dueAt: now },
        ]);
        return;
      }
      await recordAction(
        tx,
        {
          villageId,
          villagerId: actor.id,
          type: 'help_deleted',
          data: { help_id: helpId, need_id: help.villageNeedId, need_name: needName, start_date: start },
        },
        now,
      );
    });
  });

  // Only the note changes, and only its helper changes it: the slot itself is taken or given back.
  route(app, updateHelp, helpIds, async (c, { user, params: { id: villageId, helpId }, body: input }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, input.updater_id);
      const { help } = await describe(tx, villageId, helpId);
      if (help.helperId !== actor.id) throw forbidden(text.notYourHelp);
      // `comment` left out leaves the note as it is, as every PUT of the API treats a field it leaves out
      // (a village's, a need's): the help is answered unchanged (an update with nothing to set would throw).
      // An empty or null one removes the note.
      let updated = help;
      if (input.comment !== undefined) {
        [updated] = await tx.update(helps).set({ comment: input.comment }).where(eq(helps.id, helpId)).returning();
        await touchVillage(tx, villageId, deps.clock.now());
      }
      const [need] = await tx.select().from(villageNeeds).where(eq(villageNeeds.id, updated.villageNeedId));
      // A note written on a help already past does not open the need's details again.
      const audience = await readAudience(tx, villageId, actor, deps.clock.now());
      return { ...serialize.help(updated), village_need: needFor(audience, serialize.need(need)) ?? serialize.need(need) };
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
