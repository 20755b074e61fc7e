import { eq } from 'drizzle-orm';
import { setVillagerRole } from '../../src/contract/endpoints/villagers';
import type { Deps } from '../deps';
import { villagers } from '../db/schema';
import { conflict, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import { actingAs, canAppoint, isActive, isAppointer, loadMembership } from '../policy';
import type { Serializers } from '../serialize';
import { findVillager } from './find-villager';

const APPOINTERS_STAY =
  'La personne qui a créé le village et la personne aidée gèrent toujours le village\u00a0: ce rôle ne peut pas leur être retiré.';

/**
 * `PUT /v1/villages/{id}/villagers/{villagerId}`: the creator or the needy person makes an active villager a
 * co-organiser, or takes it back. Said in the feed, and to the villager by a push. Asking for what already is
 * (or naming the creator or the needy person, managers anyway) answers the villager and changes nothing.
 */
export function villagerRoleRoute(app: App, deps: Deps, serialize: Serializers) {
  const ids = { id: text.villageNotFound, villagerId: text.villagerNotFound };

  route(app, setVillagerRole, { ids }, async (c, { user, params: { id: villageId, villagerId }, body: input }) => {
    return write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      const actor = actingAs(m, input.updater_id);
      canAppoint(m);
      const { villager: target, firstName } = await findVillager(tx, villageId, villagerId);
      if (!isActive(target)) throw conflict(text.notActiveVillager);
      if (isAppointer(target)) {
        if (!input.is_manager) throw conflict(APPOINTERS_STAY);
        return serialize.villager(target);
      }
      if (target.isManager === input.is_manager) return serialize.villager(target);
      const now = deps.clock.now();
      const [updated] = await tx.update(villagers).set({ isManager: input.is_manager }).where(eq(villagers.id, target.id)).returning();
      await recordAction(
        tx,
        {
          villageId,
          villagerId: actor.id,
          type: 'villager_role_changed',
          data: { villager_id: target.id, first_name: firstName, is_manager: input.is_manager },
        },
        now,
        [
          {
            villageId,
            kind: 'villager_role_changed',
            data: { villager_id: target.id, updater_id: actor.id, is_manager: input.is_manager },
            dueAt: now,
          },
        ],
      );
      return serialize.villager(updated);
    });
  });
}
