import { asc, count, desc, eq } from 'drizzle-orm';
import { listActions } from '../../src/contract/endpoints/actions';
import type { Deps } from '../deps';
import { actions } from '../db/schema';
import { text } from '../http/errors';
import { route, type App } from '../http/route';
import { canRead, readMembership } from '../policy';
import type { Serializers } from '../serialize';

/** The village's notification feed, a page at a time, with the total of pages. */
export function actionRoutes(app: App, deps: Deps, serialize: Serializers) {
  route(app, listActions, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, query: q }) => {
    canRead(await readMembership(deps, villageId, user.id));
    const order = q.sort === '-created_at' ? [desc(actions.createdAt), desc(actions.id)] : [asc(actions.createdAt), asc(actions.id)];
    const [rows, [{ total }]] = await Promise.all([
      deps.db
        .select()
        .from(actions)
        .where(eq(actions.villageId, villageId))
        .orderBy(...order)
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      deps.db.select({ total: count() }).from(actions).where(eq(actions.villageId, villageId)),
    ]);
    return c.json({ data: rows.map(serialize.action), pages: Math.ceil(total / q.per_page) });
  });
}
