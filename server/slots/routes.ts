import { listSlots } from '../../src/contract/endpoints/slots';
import type { Deps } from '../deps';
import { scheduleMessages } from '../../src/contract/schedule-schema';
import { invalid, text } from '../http/errors';
import { route, type App } from '../http/route';
import { canRead, readMembership } from '../policy';
import { createSlotSourceCache } from './slot-source-cache';
import { loadSlotSource, slotsFromSource } from './village-slots';
import { createHeldNeedsCache } from '../needs/held-needs-cache';
import { seesNeed } from '../needs/need-audience';

/**
 * `GET /v1/villages/{id}/slots`: the occurrences of the village's scheduled needs in a window (at most 366
 * days, checked by the query's schema), at most MAX_SLOTS_PER_ANSWER of them (422 on `to` beyond).
 */
export function slotRoutes(app: App, deps: Deps) {
  // Windows differ at every read (they start "now"): what is kept is what they are computed from.
  const sources = createSlotSourceCache();
  const held = createHeldNeedsCache();
  route(app, listSlots, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, query }) => {
    const membership = await readMembership(deps, villageId, user.id);
    const reader = canRead(membership);
    const { village } = membership;
    let source = await sources.get(village.id, village.revision, () => loadSlotSource(deps.db, village.id));
    // An organisers-only need's slots go only to the organisers and its helpers, as the need itself.
    if (source.needs.some((need) => need.organisersOnly)) {
      const audience = await held.audience(deps.db, village, reader, deps.clock.now());
      source = { ...source, needs: source.needs.filter((need) => seesNeed(audience, need)) };
    }
    const slots = slotsFromSource(source, village.timeZone, new Date(query.from), new Date(query.to), deps.clock.now());
    // Refused rather than cut: a client that asked for a window gets all of it or is told to ask less.
    if (!slots) throw invalid([{ field: 'to', message: scheduleMessages.tooManySlots }]);
    return c.json({ data: slots });
  });
}
