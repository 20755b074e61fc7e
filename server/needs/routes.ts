import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { v7 as uuidv7 } from 'uuid';
import { CreateNeedInput, UpdateNeedInput, messages } from '../../src/contract';
import type { AppEnv, Deps } from '../deps';
import type { Executor } from '../db/client';
import { catalogueNeeds, needCategories, villageNeeds } from '../db/schema';
import { conflict, invalid, notFound, text } from '../http/errors';
import { body, pathId } from '../http/validate';
import { actingIdFrom } from '../http/acting-id';
import { requireUser } from '../http/authenticate';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import { actingAs, canManage, loadMembership } from '../policy';
import type { Serializers } from '../serialize';

const UNKNOWN_CATALOGUE_NEED = "Ce besoin n'existe pas dans le catalogue";
const UNKNOWN_CATEGORY = "Cette catégorie n'existe pas";

/** Routes under /v1/villages/{id}/needs. */
export function needRoutes(deps: Deps, serialize: Serializers) {
  const app = new Hono<AppEnv>();

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

  app.post('/', async (c) => {
    const user = requireUser(c);
    const villageId = pathId(c, 'id', text.villageNotFound);
    const input = await body(c, CreateNeedInput);
    return write(c, deps, 201, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, input.villager_id);
      const { category, name } = await resolveCatalogue(tx, input.need_id, input.category_id);
      const needName = input.name ?? name;
      if (!needName) throw invalid([{ field: 'name', message: messages.required }]);
      const id = input.id?.toLowerCase() ?? uuidv7();
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

  app.put('/:needId', async (c) => {
    const user = requireUser(c);
    const villageId = pathId(c, 'id', text.villageNotFound);
    const needId = pathId(c, 'needId', text.needNotFound);
    const input = await body(c, UpdateNeedInput);
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, input.updater_id);
      await findNeed(tx, villageId, needId);
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
          updatedAt: now,
        })
        .where(eq(villageNeeds.id, needId))
        .returning();
      await recordAction(tx, { villageId, villagerId: actor.id, type: 'need_updated', data: { need_id: needId, name: need.name } }, now);
      return serialize.need(need);
    });
  });

  app.delete('/:needId', async (c) => {
    const user = requireUser(c);
    const villageId = pathId(c, 'id', text.villageNotFound);
    const needId = pathId(c, 'needId', text.needNotFound);
    const actingId = await actingIdFrom(c, 'villager_id');
    return write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor = actingAs(m, actingId);
      const need = await findNeed(tx, villageId, needId);
      // Its helps go with it (foreign key cascade).
      await tx.delete(villageNeeds).where(eq(villageNeeds.id, needId));
      await recordAction(tx, { villageId, villagerId: actor.id, type: 'need_deleted', data: { need_id: needId, name: need.name } }, deps.clock.now());
    });
  });

  return app;
}
