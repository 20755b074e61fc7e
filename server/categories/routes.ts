import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../deps';
import { catalogueNeeds, needCategories } from '../db/schema';
import { invalid } from '../http/errors';
import { requireUser } from '../http/authenticate';
import type { Serializers } from '../serialize';

/** `GET /v1/need_categories?include=needs`: the seeded French catalogue. */
export function categoryRoutes(deps: Deps, serialize: Serializers) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    requireUser(c);
    const include = (c.req.query('include') ?? '').split(',').filter(Boolean);
    if (include.some((i) => i !== 'needs')) throw invalid([{ field: 'include', message: "Cette valeur n'est pas autorisée" }]);
    const categories = await deps.db.select().from(needCategories).orderBy(asc(needCategories.position));
    const needs = include.includes('needs')
      ? await deps.db.select().from(catalogueNeeds).orderBy(asc(catalogueNeeds.position))
      : null;
    return c.json({
      data: categories.map((category) => ({
        ...serialize.category(category),
        ...(needs ? { needs: needs.filter((n) => n.categoryId === category.id).map(serialize.catalogueNeed) } : {}),
      })),
    });
  });
  return app;
}
