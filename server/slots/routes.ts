import { listSlots } from '../../src/contract/endpoints/needs';
import type { Deps } from '../deps';
import { text } from '../http/errors';
import { route, type App } from '../http/route';
import { canRead, readMembership } from '../policy';
import { villageSlots } from './village-slots';

/** `GET /v1/villages/{id}/slots`: the occurrences of the village's scheduled needs in a window (at most 366 days, checked by the query's schema). */
export function slotRoutes(app: App, deps: Deps) {
  route(app, listSlots, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, query }) => {
    const membership = await readMembership(deps, villageId, user.id);
    canRead(membership);
    const { village } = membership;
    const { slots } = await villageSlots(deps.db, village, new Date(query.from), new Date(query.to), deps.clock.now());
    return c.json({ data: slots });
  });
}
