import { and, asc, eq, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { markHelpDone, thankEveryone, thankHelper } from '../../src/contract/endpoints/help-thanks';
import { THANK_ALL_DAYS, THANK_ALL_MAX, type ThanksInput } from '../../src/contract/help-thanks';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { helps, notificationSettings, users, villageNeeds, villagers } from '../db/schema';
import { conflict, forbidden, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { touchVillage } from '../actions/record';
import type { PushJob } from '../push/queue';
import { queueMail } from '../mail/queue';
import { wantsMailBy } from '../mail/preferences';
import { villageName } from '../mail/kinds/help-event';
import { actingAs, isActive, isManager, loadMembership } from '../policy';
import type { Membership } from '../membership';
import type { Serializers } from '../serialize';

const NOT_PAST = 'Ce créneau n’est pas encore passé\u00a0: vous pourrez dire qu’il est fait une fois son heure passée.';
const NOT_PAST_THANKS = 'Ce créneau n’est pas encore passé\u00a0: vous pourrez remercier une fois son heure passée.';
const NOT_YOURS_TO_SAY = 'Seule la personne qui a aidé, ou celles qui organisent le village, peuvent dire que c’est fait.';
const NOT_YOURS_TO_THANK = 'Seules les personnes qui organisent le village, et la personne aidée, peuvent remercier.';
const NOT_YOURSELF = 'Vous ne pouvez pas vous remercier vous-même.';

type HelpRow = typeof helps.$inferSelect;
/** A help is over at its end, or at its start when it has none. */
const overAt = (help: HelpRow) => help.endDate ?? help.startDate;
const isOver = (help: HelpRow, now: Date) => overAt(help).getTime() <= now.getTime();

/** `thanks:{helpId}:{thankerId}`: one mail per thanker and help, however often a thanks is replayed or repeated. */
export const thanksMailKey = (helpId: string, thankerId: string) => `thanks:${helpId}:${thankerId}`;

/** A help of the village with its need, and its helper as a mail needs them (address, choices, still a member). */
const helpsWithHelper = (tx: Executor) =>
  tx
    .select({
      help: helps,
      needName: villageNeeds.name,
      helper: villagers,
      email: users.email,
      firstName: users.firstName,
      verifiedAt: users.emailVerifiedAt,
      settings: notificationSettings.settings,
    })
    .from(helps)
    .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
    .innerJoin(villagers, eq(villagers.id, helps.helperId))
    .leftJoin(users, eq(users.id, villagers.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id));
type Thanked = Awaited<ReturnType<ReturnType<typeof helpsWithHelper>['where']>>[number];

async function oneHelp(tx: Executor, villageId: string, helpId: string): Promise<Thanked> {
  const [row] = await helpsWithHelper(tx).where(and(eq(helps.id, helpId), eq(helps.villageId, villageId)));
  if (!row) throw notFound(text.helpNotFound);
  return row;
}

/**
 * The organisers (creator, co-organisers) and the person helped thank; the acting villager is checked as
 * everywhere. With their first name, which the helper's mail and push say.
 */
async function thanker(tx: Executor, m: Membership, input: ThanksInput, userId: string) {
  const actor = actingAs(m, input.thanker_id);
  if (!isManager(actor)) throw forbidden(NOT_YOURS_TO_THANK);
  const [row] = await tx.select({ name: users.firstName }).from(users).where(eq(users.id, userId));
  return { id: actor.id, name: row?.name || 'Un membre du village' };
}

/**
 * Records one thanks on its help (said done too: one thanks for what was done) and tells its helper, by mail
 * in this transaction under a key, and by push. A helper who left is thanked on the help but not told.
 */
async function thank(tx: Executor, m: Membership, row: Thanked, by: { id: string; name: string }, message: string | null, now: Date) {
  const [help] = await tx
    .update(helps)
    .set({
      doneAt: sql`coalesce(${helps.doneAt}, ${now.toISOString()})`,
      thanksCount: sql`${helps.thanksCount} + 1`,
      thanksMessage: message ?? sql`${helps.thanksMessage}`,
    })
    .where(eq(helps.id, row.help.id))
    .returning();
  if (!isActive(row.helper) || !row.email) return { help, push: null };
  if (row.verifiedAt && wantsMailBy(row.settings, 'thanks', m.village.id)) {
    await queueMail(tx, {
      kind: 'thanks',
      to: row.email,
      userId: row.helper.userId,
      payload: {
        village_id: m.village.id,
        village_name: villageName(m.village),
        need_id: help.villageNeedId,
        need_name: row.needName,
        first_name: row.firstName ?? '',
        thanker_name: by.name,
        start_date: help.startDate.toISOString(),
        end_date: help.endDate?.toISOString() ?? null,
        time_zone: m.village.timeZone,
        message,
      },
      now,
      key: thanksMailKey(help.id, by.id),
    });
  }
  const push: PushJob = {
    villageId: m.village.id,
    kind: 'help_thanked',
    data: { help_id: help.id, need_id: help.villageNeedId, need_name: row.needName, helper_id: help.helperId, thanker_id: by.id, message },
    dueAt: now,
  };
  return { help, push };
}

/** Closing the loop on helps: said done once past, and their helpers thanked, one by one or all of the week at once. */
export function helpThanksRoutes(app: App, deps: Deps, serialize: Serializers) {
  const helpIds = { ids: { id: text.villageNotFound, helpId: text.helpNotFound } };

  route(app, markHelpDone, helpIds, async (c, { user, params: { id: villageId, helpId }, body }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, body.villager_id);
      const { help } = await oneHelp(tx, villageId, helpId);
      if (help.helperId !== actor.id && !isManager(actor)) throw forbidden(NOT_YOURS_TO_SAY);
      const now = deps.clock.now();
      if (!isOver(help, now)) throw conflict(NOT_PAST);
      // Said twice (two organisers, or a replay without its key): the first moment stays.
      if (help.doneAt) return serialize.help(help);
      const [done] = await tx.update(helps).set({ doneAt: now }).where(eq(helps.id, helpId)).returning();
      await touchVillage(tx, villageId, now);
      return serialize.help(done);
    });
  });

  route(app, thankHelper, helpIds, async (c, { user, params: { id: villageId, helpId }, body }) => {
    return write(c, deps, 201, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = await thanker(tx, m, body, user.id);
      const row = await oneHelp(tx, villageId, helpId);
      const now = deps.clock.now();
      if (!isOver(row.help, now)) throw conflict(NOT_PAST_THANKS);
      if (row.help.helperId === actor.id) throw conflict(NOT_YOURSELF);
      const { help, push } = await thank(tx, m, row, actor, body.message ?? null, now);
      await touchVillage(tx, villageId, now, 'help_thanked', push ? [push] : []);
      return serialize.help(help);
    });
  });

  route(app, thankEveryone, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, body }) => {
    return write(c, deps, 201, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = await thanker(tx, m, body, user.id);
      const now = deps.clock.now();
      const weekAgo = new Date(now.getTime() - THANK_ALL_DAYS * 24 * 3600_000);
      // The helps over within the week, not thanked yet, of members still here, but one's own: the oldest
      // first, and no more than the cap (a week of a busy village; the rest is thanked one by one).
      const over = sql`coalesce(${helps.endDate}, ${helps.startDate})`;
      const rows = await helpsWithHelper(tx)
        .where(
          and(
            eq(helps.villageId, villageId),
            // Bounds on the start first, so the village's index on it narrows the read (no help lasts days).
            gte(helps.startDate, new Date(weekAgo.getTime() - 24 * 3600_000)),
            lte(helps.startDate, now),
            sql`${over} <= ${now.toISOString()} and ${over} >= ${weekAgo.toISOString()}`,
            eq(helps.thanksCount, 0),
            ne(helps.helperId, actor.id),
            eq(villagers.isOut, false),
            eq(villagers.isBan, false),
            isNotNull(villagers.userId),
          ),
        )
        .orderBy(asc(helps.startDate), asc(helps.id))
        .limit(THANK_ALL_MAX);
      const thanked = [];
      const pushes: PushJob[] = [];
      for (const row of rows) {
        const { help, push } = await thank(tx, m, row, actor, body.message ?? null, now);
        thanked.push(serialize.help(help));
        if (push) pushes.push(push);
      }
      if (thanked.length > 0) await touchVillage(tx, villageId, now, 'help_thanked', pushes);
      return thanked;
    });
  });
}
