import type { Help, NeedCategory, VillageNeed, Villager } from '../../contract';
import { categoryColor } from '../../village-data/hooks';

/** What a day cell needs to name a help, gathered once per data change rather than searched per help. */
export interface PlanningLookups {
  villageId: string;
  needs: readonly VillageNeed[];
  needById: Map<string, VillageNeed>;
  colorByNeedId: Map<string, string>;
  firstNameByVillagerId: Map<string, string>;
}

export function planningLookups(villageId: string, needs: readonly VillageNeed[], categories: readonly NeedCategory[], villagers: readonly Villager[]): PlanningLookups {
  const colorByCategory = new Map(categories.map((c) => [c.id, c.color]));
  return {
    villageId,
    needs,
    needById: new Map(needs.map((n) => [n.id, n])),
    colorByNeedId: new Map(needs.map((n) => [n.id, categoryColor(n.category_id ? colorByCategory.get(n.category_id) : null)])),
    firstNameByVillagerId: new Map(villagers.map((v) => [v.id, v.user?.first_name ?? 'Un membre'])),
  };
}

/** The help's need: the local table first, else the copy the server sent along with the help. */
export const needOf = (help: Help, lookups: PlanningLookups) => lookups.needById.get(help.village_need_id) ?? help.village_need;

/** The village's needs with no help on a day: what is still uncovered. */
export const uncoveredNeeds = (helps: readonly { help: Help }[], needs: readonly VillageNeed[]) => {
  const covered = new Set(helps.map((h) => h.help.village_need_id));
  return needs.filter((n) => !covered.has(n.id));
};
