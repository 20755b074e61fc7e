import { and, eq, isNotNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { askReplacement, cancelReplacement, takeOverHelp } from '../../src/contract/endpoints/replacement';
import { alreadyTakenOver } from '../../src/contract/replacement';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { helps, users, villagers } from '../db/schema';
import { conflict, forbidden, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction, touchVillage } from '../actions/record';
import { cancelReminders, helpTakenJobs } from '../push/queue';
import { queueHelpConfirmation } from '../mail/kinds/confirmation-queue';
import { actingAs, loadMembership } from '../policy';
import type { Serializers } from '../serialize';
import { helpWithNames, readForTaking, slotHolders } from './slot-holders';
import { tellReplacementAsked, tellTakenOver } from './replacement-mails';

const NOT_YOURS_TO_REPLACE = 'Seule la personne qui a pris ce créneau peut chercher quelqu’un pour la remplacer.';
const ALREADY_STARTED = 'Ce créneau a déjà commencé\u00a0: il n’est plus temps de chercher un remplaçant.';
const NOT_ASKED = (name: string) => `${name} n’a pas demandé de remplaçant pour ce créneau.`;
const OWN_HELP = 'C’est votre créneau\u00a0: pour le garder, annulez plutôt votre demande de remplacement.';
const ALREADY_YOURS = 'Vous vous occupez déjà de ce créneau.';
const SOMEONE = 'Un membre du village';

/** A help gone: taken over already (409 naming who was faster), else unknown (404). */
async function goneHelp(tx: Executor, villageId: string, helpId: string): Promise<never> {
  const [taker] = await tx
    .select({ firstName: users.firstName })
    .from(helps)
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(and(eq(helps.takenOverFrom, helpId), eq(helps.villageId, villageId), isNotNull(helps.takenOverFrom)));
  if (taker) throw conflict(alreadyTakenOver(taker.firstName ?? SOMEONE));
  throw notFound(text.helpNotFound);
}

const isFuture = (help: { startDate: Date }, now: Date) => help.startDate.getTime() > now.getTime();

/**
 * « Je ne peux plus »: the helper of a future slot asks the circle for someone to take it over, keeping it
 * until someone does; anyone else takes it over in one step (docs/api-decisions.md, « Replacements »).
 */
export function replacementRoutes(app: App, deps: Deps, serialize: Serializers) {
  const helpIds = { ids: { id: text.villageNotFound, helpId: text.helpNotFound } };

  /** The caller's own future help, as asking and taking back a request need it. */
  const ownFutureHelp = async (tx: Executor, villageId: string, helpId: string, userId: string, actingId: string) => {
    const m = await loadMembership(tx, villageId, userId);
    const actor = actingAs(m, actingId);
    const row = await helpWithNames(tx, villageId, helpId);
    if (!row) throw notFound(text.helpNotFound);
    if (row.help.helperId !== actor.id) throw forbidden(NOT_YOURS_TO_REPLACE);
    const now = deps.clock.now();
    if (!isFuture(row.help, now)) throw conflict(ALREADY_STARTED);
    return { m, row, now };
  };

  route(app, askReplacement, helpIds, async (c, { user, params: { id: villageId, helpId }, body }) => {
    return write(c, deps, 201, async (tx) => {
      const { m, row, now } = await ownFutureHelp(tx, villageId, helpId, user.id, body.helper_id);
      // Asked twice (a replay without its key, a second tap on another device): the same wish, answered
      // as the first, and the circle is not told twice.
      if (row.help.replacementAskedAt) return serialize.help(row.help);
      const [help] = await tx.update(helps).set({ replacementAskedAt: now }).where(eq(helps.id, helpId)).returning();
      const data = {
        help_id: helpId,
        need_id: help.villageNeedId,
        need_name: row.needName,
        start_date: help.startDate.toISOString(),
        helper_first_name: row.helperName,
      };
      await recordAction(tx, { villageId, villagerId: help.helperId, type: 'help_replacement_asked', data }, now, [
        { villageId, kind: 'help_replacement_asked', data: { ...data, helper_id: help.helperId }, dueAt: now },
      ]);
      await tellReplacementAsked(tx, { village: m.village, help, needName: row.needName, askerName: row.helperName ?? SOMEONE, now });
      return serialize.help(help);
    });
  });

  route(app, cancelReplacement, helpIds, async (c, { user, params: { id: villageId, helpId }, query }) => {
    return write(c, deps, 200, async (tx) => {
      const { row, now } = await ownFutureHelp(tx, villageId, helpId, user.id, query.villager_id);
      if (!row.help.replacementAskedAt) return serialize.help(row.help);
      const [help] = await tx.update(helps).set({ replacementAskedAt: null }).where(eq(helps.id, helpId)).returning();
      await touchVillage(tx, villageId, now);
      return serialize.help(help);
    });
  });

  route(app, takeOverHelp, helpIds, async (c, { user, params: { id: villageId, helpId }, body }) => {
    return write(c, deps, 201, async (tx) => {
      const first = await helpWithNames(tx, villageId, helpId);
      if (!first) {
        actingAs(await loadMembership(tx, villageId, user.id), body.helper_id);
        return goneHelp(tx, villageId, helpId);
      }
      // The need locked as taking one of its slots locks it: takers of the slot count one after the other.
      const m = await readForTaking(tx, villageId, user.id, first.help.villageNeedId);
      const taker = actingAs(m, body.helper_id);
      if (!m.need) throw notFound(text.needNotFound);
      // Read again under the lock: a taker who was faster has removed it.
      const row = await helpWithNames(tx, villageId, helpId);
      if (!row) return goneHelp(tx, villageId, helpId);
      const old = row.help;
      const asker = row.helperName ?? SOMEONE;
      if (old.helperId === taker.id) throw conflict(OWN_HELP);
      if (!old.replacementAskedAt) throw conflict(NOT_ASKED(asker));
      const now = deps.clock.now();
      if (!isFuture(old, now)) throw conflict(ALREADY_STARTED);
      const holders = await slotHolders(tx, old.villageNeedId, old.startDate);
      if (holders.some((holder) => holder.helperId === taker.id)) throw conflict(ALREADY_YOURS);

      await tx.delete(helps).where(eq(helps.id, helpId));
      await cancelReminders(tx, helpId);
      const id = body.id?.toLowerCase() ?? uuidv7();
      const [help] = await tx
        .insert(helps)
        .values({
          id,
          villageId,
          villageNeedId: old.villageNeedId,
          helperId: taker.id,
          startDate: old.startDate,
          endDate: old.endDate,
          createdAt: now,
          takenOverFrom: helpId,
        })
        .onConflictDoNothing()
        .returning();
      if (!help) throw conflict(text.idTaken);
      const data = {
        help_id: id,
        old_help_id: helpId,
        need_id: old.villageNeedId,
        need_name: row.needName,
        start_date: old.startDate.toISOString(),
        from_helper_id: old.helperId,
        from_first_name: row.helperName,
      };
      // Its helper's reminders, as for a slot taken; the organisers hear of the take-over rather than of a new help.
      const reminders = helpTakenJobs(help, {}, now, m.village.timeZone).filter((job) => job.kind !== 'help_added');
      await recordAction(tx, { villageId, villagerId: taker.id, type: 'help_taken_over', data }, now, [
        { villageId, kind: 'help_taken_over', data: { ...data, helper_id: taker.id }, dueAt: now },
        ...reminders,
      ]);
      await queueHelpConfirmation(tx, { userId: user.id, village: m.village, need: m.need, help, now, recipient: m.recipient });
      await tellTakenOver(tx, {
        village: m.village,
        help,
        needName: row.needName,
        askerId: old.helperId,
        askerName: asker,
        takerName: m.recipient?.firstName || SOMEONE,
        now,
      });
      return { ...serialize.help(help), village_need: serialize.need(m.need) };
    });
  });
}
