import { listSlots } from '../../src/contract/endpoints/needs';
import type { Deps } from '../deps';
import { text } from '../http/errors';
import { route, type App } from '../http/route';
import { canRead, readMembership } from '../policy';
import { createSlotSourceCache } from './slot-source-cache';
import { loadSlotSource, slotsFromSource } from './village-slots';

/** `GET /v1/villages/{id}/slots`: the occurrences of the village's scheduled needs in a window (at most 366 days, checked by the query's schema). */
export function slotRoutes(app: App, deps: Deps) {
  // Windows differ at every read (they start "now"): what is kept is what they are computed from.
  const sources = createSlotSourceCache();
  route(app, listSlots, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, query }) => {
    const membership = await readMembership(deps, villageId, user.id);
    canRead(membership);
    const { village } = membership;
    const source = await sources.get(village.id, village.revision, () => loadSlotSource(deps.db, village.id));
    return c.json({ data: slotsFromSource(source, village.timeZone, new Date(query.from), new Date(query.to), deps.clock.now()) });
  });
}
