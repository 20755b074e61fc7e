import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { FinishCreationInput, OpenValidationInput, VILLAGE_STATE } from '../../src/contract';
import type { AppEnv, Deps } from '../deps';
import type { Executor } from '../db/client';
import { villages } from '../db/schema';
import { conflict, text } from '../http/errors';
import { body, pathId } from '../http/validate';
import { requireUser } from '../http/authenticate';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import { actingAs, canManage, loadMembership } from '../policy';
import type { Serializers } from '../serialize';

/** The village's life: `fc` ends the creation (1 → 2), `vo` opens it (2 → 3); any other move is a 409. */
export function villageStateRoutes(deps: Deps, serialize: Serializers) {
  const app = new Hono<AppEnv>();

  app.put('/:id/fc', async (c) => {
    const user = requireUser(c);
    const id = pathId(c, 'id', text.villageNotFound);
    const input = await body(c, FinishCreationInput);
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, id, user.id);
      canManage(m);
      const actor = actingAs(m, input.creator_id);
      if (m.village.state !== VILLAGE_STATE.creation) throw conflict('La création de ce village est déjà terminée.');
      return transition(tx, id, actor.id, VILLAGE_STATE.waitingValidation, 'village_creation_finished');
    });
  });

  app.put('/:id/vo', async (c) => {
    const user = requireUser(c);
    const id = pathId(c, 'id', text.villageNotFound);
    const input = await body(c, OpenValidationInput);
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, id, user.id);
      canManage(m);
      const actor = actingAs(m, input.villager_id);
      if (m.village.state === VILLAGE_STATE.creation) throw conflict("La création de ce village n'est pas encore terminée.");
      if (m.village.state !== VILLAGE_STATE.waitingValidation) throw conflict('Ce village est déjà ouvert.');
      return transition(tx, id, actor.id, VILLAGE_STATE.started, 'village_opened');
    });
  });

  const transition = async (
    tx: Executor,
    id: string,
    villagerId: string,
    state: number,
    type: 'village_creation_finished' | 'village_opened',
  ) => {
    const now = deps.clock.now();
    await tx.update(villages).set({ state, updatedAt: now }).where(eq(villages.id, id));
    await recordAction(tx, { villageId: id, villagerId, type }, now);
    const [fresh] = await tx.select().from(villages).where(eq(villages.id, id));
    return serialize.village(fresh);
  };

  return app;
}
