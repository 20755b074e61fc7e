import { asc, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ActionsQuery } from '../../src/contract';
import type { AppEnv, Deps } from '../deps';
import { actions } from '../db/schema';
import { text } from '../http/errors';
import { pathId, query } from '../http/validate';
import { requireUser } from '../http/authenticate';
import { canRead, readMembership } from '../policy';
import type { Serializers } from '../serialize';

/** `GET /v1/villages/{id}/actions`: the notification feed, a page at a time, with the total of pages. */
export function actionRoutes(deps: Deps, serialize: Serializers) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const user = requireUser(c);
    const villageId = pathId(c, 'id', text.villageNotFound);
    const q = query(c, ActionsQuery);
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
  return app;
}
