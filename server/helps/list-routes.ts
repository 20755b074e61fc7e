import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { listHelps } from '../../src/contract/endpoints/needs';
import type { Deps } from '../deps';
import { helps, villagers } from '../db/schema';
import { text } from '../http/errors';
import { route, type App } from '../http/route';
import { canRead, readMembership } from '../policy';
import type { Serializers } from '../serialize';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A village's older helps, a page at a time: the village read by the app brings only the recent ones
 * (`helps_from`), and the helps' "Passées" list and the planning ask for the rest when shown.
 */
export function helpListRoutes(app: App, deps: Deps, serialize: Serializers) {
  /** Helps before an instant, or before a help in (start, id) order: several helps may share a start. */
  const before = async (villageId: string, cursor: string): Promise<SQL | undefined> => {
    if (!UUID_RE.test(cursor)) return lt(helps.startDate, new Date(cursor));
    const [row] = await deps.db
      .select({ startDate: helps.startDate })
      .from(helps)
      .where(and(eq(helps.id, cursor.toLowerCase()), eq(helps.villageId, villageId)));
    if (!row) return sql`false`;
    return or(lt(helps.startDate, row.startDate), and(eq(helps.startDate, row.startDate), lt(helps.id, cursor.toLowerCase())));
  };

  route(app, listHelps, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, query: q }) => {
    canRead(await readMembership(deps, villageId, user.id));
    const rows = await deps.db
      .select({ help: helps })
      .from(helps)
      .innerJoin(villagers, eq(villagers.id, helps.helperId))
      .where(
        and(
          eq(helps.villageId, villageId),
          // As the village view: the helps of villagers out or banned are not shown.
          eq(villagers.isOut, false),
          eq(villagers.isBan, false),
          await before(villageId, q.before),
          q.from ? gte(helps.startDate, new Date(q.from)) : undefined,
          q.need_id ? eq(helps.villageNeedId, q.need_id.toLowerCase()) : undefined,
        ),
      )
      .orderBy(desc(helps.startDate), desc(helps.id))
      // One more than asked tells whether older helps remain, without counting them.
      .limit(q.limit + 1);
    return c.json({ data: rows.slice(0, q.limit).map((r) => serialize.help(r.help)), has_more: rows.length > q.limit });
  });
}
