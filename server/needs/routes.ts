import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { messages } from '../../src/contract';
import type { Schedule } from '../../src/contract/schedule';
import { createNeed, deleteNeed, updateNeed } from '../../src/contract/endpoints/needs';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { actions, catalogueNeeds, needCategories, villageNeeds } from '../db/schema';
import { conflict, invalid, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import { actingAs, canManage, loadMembership } from '../policy';
import type { Serializers } from '../serialize';
import { lockNeed } from '../helps/slot-holders';
import { releaseRemovedSlots } from './schedule-edit';
import { checkScheduledNeedsRoom } from './scheduled-needs-limit';

const UNKNOWN_CATALOGUE_NEED = "Ce besoin n'existe pas dans le catalogue";
const UNKNOWN_CATEGORY = "Cette catégorie n'existe pas";

/** A village's needs: added, changed and deleted by its managers. */
export function needRoutes(app: App, deps: Deps, serialize: Serializers) {
  /** A catalogue need brings its category and, when none is given, its name. */
  const resolveCatalogue = async (tx: Executor, needId: string | null | undefined, categoryId: string | null | undefined) => {
    let category = categoryId ?? null;
    let name: string | null = null;
    if (needId) {
      const [need] = await tx.select().from(catalogueNeeds).where(eq(catalogueNeeds.id, needId));
      if (!need) throw invalid([{ field: 'need_id', message: UNKNOWN_CATALOGUE_NEED }]);
      category ??= need.categoryId;
      name = need.name;
    }
    if (category) {
      const [found] = await tx.select({ id: needCategories.id }).from(needCategories).where(eq(needCategories.id, category));
      if (!found) throw invalid([{ field: 'category_id', message: UNKNOWN_CATEGORY }]);
    }
    return { category, name };
  };

  const findNeed = async (tx: Executor, villageId: string, needId: string) => {
    const [need] = await tx
      .select()
      .from(villageNeeds)
      .where(and(eq(villageNeeds.id, needId), eq(villageNeeds.villageId, villageId)));
    if (!need) throw notFound(text.needNotFound);
    return need;
  };

  const ids = { id: text.villageNotFound, needId: text.needNotFound };

  /** Cancelled dates once each, in order: the stored schedule reads the same however it was typed. */
  const normalised = (schedule: Schedule | null | undefined): Schedule | null =>
    schedule ? { ...schedule, exdates: [...new Set(schedule.exdates)].sort() } : null;

  route(app, createNeed, { ids: { id: ids.id } }, async (c, { user, params: { id: villageId }, body: input }) => {
    return write(c, deps, 201, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, input.villager_id);
      const { category, name } = await resolveCatalogue(tx, input.need_id, input.category_id);
      const needName = input.name ?? name;
      if (!needName) throw invalid([{ field: 'name', message: messages.required }]);
      const id = input.id?.toLowerCase() ?? uuidv7();
      if (input.schedule) await checkScheduledNeedsRoom(tx, villageId);
      const now = deps.clock.now();
      const [need] = await tx
        .insert(villageNeeds)
        .values({
          id,
          villageId,
          needId: input.need_id ?? null,
          categoryId: category,
          name: needName,
          description: input.description,
          schedule: normalised(input.schedule),
          address: input.address,
          access: input.access,
          people: input.people ?? null,
          diet: input.diet,
          organisersOnly: input.organisers_only ?? false,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!need) throw conflict(text.idTaken);
      const told = { need_id: id, need_name: needName, author_id: actor.id };
      await recordAction(tx, { villageId, villagerId: actor.id, type: 'need_added', data: { need_id: id, name: needName } }, now, [
        { villageId, kind: 'need_added', data: told, dueAt: now },
      ]);
      return serialize.need(need);
    });
  });

  route(app, updateNeed, { ids }, async (c, { user, params: { id: villageId, needId }, body: input }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, input.updater_id);
      // Locked: a slot taken meanwhile is either counted below or refused against the new schedule.
      const before = await lockNeed(tx, villageId, needId);
      if (input.schedule && !before.schedule) await checkScheduledNeedsRoom(tx, villageId);
      const catalogue =
        input.need_id !== undefined || input.category_id !== undefined
          ? await resolveCatalogue(tx, input.need_id, input.category_id)
          : null;
      const now = deps.clock.now();
      const [need] = await tx
        .update(villageNeeds)
        .set({
          needId: input.need_id,
          categoryId: catalogue ? catalogue.category : undefined,
          name: input.name,
          description: input.description,
          schedule: input.schedule === undefined ? undefined : normalised(input.schedule),
          address: input.address,
          access: input.access,
          people: input.people,
          diet: input.diet,
          organisersOnly: input.organisers_only,
          updatedAt: now,
        })
        .where(eq(villageNeeds.id, needId))
        .returning();
      // A need that loses its schedule keeps its helps: they become helps at a time of their own.
      if (before.schedule && need.schedule) {
        await releaseRemovedSlots(tx, {
          villageId,
          zone: m.village.timeZone,
          need,
          schedule: need.schedule,
          actorId: actor.id,
          now,
        });
      }
      await recordAction(tx, { villageId, villagerId: actor.id, type: 'need_updated', data: { need_id: needId, name: need.name } }, now);
      return serialize.need(need);
    });
  });

  route(app, deleteNeed, { ids }, async (c, { user, params: { id: villageId, needId }, query }) => {
    return write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, query.villager_id);
      const need = await findNeed(tx, villageId, needId);
      // Its helps go with it (foreign key cascade).
      await tx.delete(villageNeeds).where(eq(villageNeeds.id, needId));
      // The feed can no longer ask the need whether it was organisers-only: its items say it from now on.
      if (need.organisersOnly) await markOrganisersOnlyItems(tx, villageId, needId);
      await recordAction(
        tx,
        {
          villageId,
          villagerId: actor.id,
          type: 'need_deleted',
          data: { need_id: needId, name: need.name, ...(need.organisersOnly ? { organisers_only: true } : {}) },
        },
        deps.clock.now(),
      );
    });
  });
}

/** Every feed item about an organisers-only need marked as such, for when the need is gone (actions/routes.ts). */
async function markOrganisersOnlyItems(tx: Executor, villageId: string, needId: string) {
  await tx
    .update(actions)
    .set({ data: sql`${actions.data} || '{"organisers_only":true}'::jsonb` })
    .where(and(eq(actions.villageId, villageId), sql`${actions.data}->>'need_id' = ${needId}`));
}
