import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { listHelps } from '../../src/contract/endpoints/helps';
import type { Deps } from '../deps';
import { helps, villageNeeds, villagers } from '../db/schema';
import { text } from '../http/errors';
import { route, type App } from '../http/route';
import { canRead, isManager, readMembership } from '../policy';
import { readAudience } from '../needs/need-audience';
import type { Serializers } from '../serialize';
import { beforeCursor } from '../http/keyset-cursor';

/**
 * A village's older helps, a page at a time: the village read by the app brings only the recent ones
 * (`helps_from`), and the helps' "Passées" list and the planning ask for the rest when shown.
 */
export function helpListRoutes(app: App, deps: Deps, serialize: Serializers) {
  route(app, listHelps, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, query: q }) => {
    const reader = canRead(await readMembership(deps, villageId, user.id));
    // The helps of an organisers-only need go only to the organisers and to its helpers, as the need itself.
    const seen = isManager(reader) ? null : [...(await readAudience(deps.db, villageId, reader, deps.clock.now())).seen];
    const rows = await deps.db
      .select({ help: helps })
      .from(helps)
      .innerJoin(villagers, eq(villagers.id, helps.helperId))
      .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
      .where(
        and(
          eq(helps.villageId, villageId),
          // As the village view: the helps of villagers out or banned are not shown.
          eq(villagers.isOut, false),
          eq(villagers.isBan, false),
          await beforeCursor(deps.db, { table: helps, id: helps.id, at: helps.startDate, villageId: helps.villageId }, villageId, q.before),
          q.from ? gte(helps.startDate, new Date(q.from)) : undefined,
          q.need_id ? eq(helps.villageNeedId, q.need_id.toLowerCase()) : undefined,
          seen ? or(eq(villageNeeds.organisersOnly, false), seen.length ? inArray(helps.villageNeedId, seen) : undefined) : undefined,
        ),
      )
      .orderBy(desc(helps.startDate), desc(helps.id))
      // One more than asked tells whether older helps remain, without counting them.
      .limit(q.limit + 1);
    return c.json({ data: rows.slice(0, q.limit).map((r) => serialize.help(r.help)), has_more: rows.length > q.limit });
  });
}
