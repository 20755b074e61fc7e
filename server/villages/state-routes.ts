import { eq } from 'drizzle-orm';
import { VILLAGE_STATE } from '../../src/contract';
import { finishCreation, openVillage } from '../../src/contract/endpoints/villages';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { villages } from '../db/schema';
import { conflict, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import { actingAs, canManage, loadMembership } from '../policy';
import type { Serializers } from '../serialize';

/** The village's life: `fc` ends the creation (1 → 2), `vo` opens it (2 → 3); any other move is a 409. */
export function villageStateRoutes(app: App, deps: Deps, serialize: Serializers) {
  const ids = { id: text.villageNotFound };

  route(app, finishCreation, { ids }, async (c, { user, params: { id }, body: input }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, id, user.id);
      canManage(m);
      const actor = actingAs(m, input.creator_id);
      if (m.village.state !== VILLAGE_STATE.creation) throw conflict('La création de ce village est déjà terminée.');
      return transition(tx, id, actor.id, VILLAGE_STATE.waitingValidation, 'village_creation_finished');
    });
  });

  route(app, openVillage, { ids }, async (c, { user, params: { id }, body: input }) => {
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
}
