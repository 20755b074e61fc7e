import { asc } from 'drizzle-orm';
import { listCategories } from '../../src/contract/endpoints/categories';
import type { Deps } from '../deps';
import { catalogueNeeds, needCategories } from '../db/schema';
import { messages } from '../../src/contract/form-messages';
import { invalid } from '../http/errors';
import { route, type App } from '../http/route';
import type { Serializers } from '../serialize';

/** The seeded French catalogue of needs, by category (`include=needs` brings the needs). */
export function categoryRoutes(app: App, deps: Deps, serialize: Serializers) {
  route(app, listCategories, async (c, { query }) => {
    const include = (query.include ?? '').split(',').filter(Boolean);
    if (include.some((i) => i !== 'needs')) throw invalid([{ field: 'include', message: messages.oneOf }]);
    const categories = await deps.db.select().from(needCategories).orderBy(asc(needCategories.position));
    const needs = include.includes('needs') ? await deps.db.select().from(catalogueNeeds).orderBy(asc(catalogueNeeds.position)) : null;
    return c.json({
      data: categories.map((category) => ({
        ...serialize.category(category),
        ...(needs ? { needs: needs.filter((n) => n.categoryId === category.id).map(serialize.catalogueNeed) } : {}),
      })),
    });
  });
}
