import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { CATALOGUE, catalogueId } from './catalogue';
import { catalogueNeeds, needCategories } from './schema';

/** The catalogue's categories as rows of need_categories. */
export const categoryRows = () =>
  CATALOGUE.map((c, i) => ({ id: catalogueId(`category:${c.slug}`), name: c.name, color: c.color as string | null, position: i }));

/** The catalogue's needs as rows of catalogue_needs. */
export const catalogueNeedRows = () =>
  CATALOGUE.flatMap((c) =>
    c.needs.map((n, i) => ({
      id: catalogueId(`need:${n.slug}`),
      categoryId: catalogueId(`category:${c.slug}`),
      name: n.name,
      picture: n.slug as string | null,
      position: i,
    })),
  );

/** Upserts the French need catalogue; running it again only refreshes names, colours and order. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(needCategories)
      .values(categoryRows())
      .onConflictDoUpdate({
        target: needCategories.id,
        set: { name: sql`excluded.name`, color: sql`excluded.color`, position: sql`excluded.position` },
      });
    await tx
      .insert(catalogueNeeds)
      .values(catalogueNeedRows())
      .onConflictDoUpdate({
        target: catalogueNeeds.id,
        set: {
          name: sql`excluded.name`,
          picture: sql`excluded.picture`,
          position: sql`excluded.position`,
          categoryId: sql`excluded.category_id`,
        },
      });
  });
}
