import type { NeedCategory, VillageNeed } from '../../contract';
import { categoryColor } from '../categories/category-reads';
import { categoryByWords, categoryPicture } from './need-icon';

/** Where needs that belong to no known category are listed: free needs, mostly. */
export const OTHER_NEEDS = 'Autres besoins';

export interface NeedLook {
  categoryId: string | null;
  categoryName: string;
  color: string;
  /**
   * The catalogue need's picture; for a need written by hand, its category's, else that of the category its
   * name speaks of ("Dîner" shows the meals' icon); null when nothing fits.
   */
  picture: string | null;
}

/** How a need is shown: its category's name and colour, and a picture that fits it. */
export function needLook(need: VillageNeed, categories: NeedCategory[]): NeedLook {
  const category = need.category_id ? categories.find((c) => c.id === need.category_id) : undefined;
  const fromCatalogue = need.need_id ? categories.flatMap((c) => c.needs ?? []).find((n) => n.id === need.need_id) : undefined;
  return {
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? OTHER_NEEDS,
    color: categoryColor(category?.color),
    picture: fromCatalogue?.photo?.original_url ?? categoryPicture(category ?? categoryByWords(need.name, categories)),
  };
}

export interface NeedGroup {
  key: string;
  title: string;
  color: string;
  needs: { need: VillageNeed; picture: string | null }[];
}

/** Needs by category, categories by name, "Autres besoins" last; needs keep the order they come in. */
export function groupNeedsByCategory(needs: VillageNeed[], categories: NeedCategory[]): NeedGroup[] {
  const groups = new Map<string, NeedGroup>();
  for (const need of needs) {
    const look = needLook(need, categories);
    const key = look.categoryId ?? 'other';
    const group = groups.get(key) ?? { key, title: look.categoryName, color: look.color, needs: [] };
    group.needs.push({ need, picture: look.picture });
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => (a.key === 'other' ? 1 : b.key === 'other' ? -1 : a.title.localeCompare(b.title, 'fr')));
}
