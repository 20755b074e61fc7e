import { and, asc, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import { listActions } from '../../src/contract/endpoints/actions';
import type { Deps } from '../deps';
import { actions, villageNeeds } from '../db/schema';
import { text } from '../http/errors';
import { route, type App } from '../http/route';
import { canRead, isManager, readMembership } from '../policy';
import { readAudience } from '../needs/need-audience';
import type { Serializers } from '../serialize';

/** The village's notification feed, a page at a time, with the total of pages. */
export function actionRoutes(app: App, deps: Deps, serialize: Serializers) {
  route(app, listActions, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId }, query: q }) => {
    const reader = canRead(await readMembership(deps, villageId, user.id));
    // What is told of an organisers-only need goes only to the organisers and to its helpers, as the need itself.
    let hidden: string[] = [];
    const plain = !isManager(reader);
    if (plain) {
      const only = await deps.db
        .select({ id: villageNeeds.id })
        .from(villageNeeds)
        .where(and(eq(villageNeeds.villageId, villageId), eq(villageNeeds.organisersOnly, true)));
      if (only.length) {
        const { seen } = await readAudience(deps.db, villageId, reader, deps.clock.now());
        hidden = only.map((need) => need.id).filter((id) => !seen.has(id));
      }
    }
    const shown = and(
      eq(actions.villageId, villageId),
      hidden.length ? notInArray(sql<string>`coalesce(${actions.data}->>'need_id', '')`, hidden) : undefined,
      plain ? sql`coalesce(${actions.data}->>'organisers_only', '') <> 'true'` : undefined,
    );
    const order = q.sort === '-created_at' ? [desc(actions.createdAt), desc(actions.id)] : [asc(actions.createdAt), asc(actions.id)];
    const [rows, [{ total }]] = await Promise.all([
      deps.db
        .select()
        .from(actions)
        .where(shown)
        .orderBy(...order)
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      deps.db.select({ total: count() }).from(actions).where(shown),
    ]);
    return c.json({ data: rows.map(serialize.action), pages: Math.ceil(total / q.per_page) });
  });
}
