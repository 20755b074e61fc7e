import type { AnyRouter } from '@tanstack/react-router';
import type { Help, NeedCategory, VillageNeed, Villager } from '../../contract';
import type { PlanningHelp } from '../../domain/helps/planning-helps';
import { categoryColor } from '../../domain/categories/category-reads';
import type { SlotWrite } from '../../domain/helps/slot-writes';
import type { HelpClosed } from '../../domain/helps/closed-helps';
import { needHelpsLinks, type NeedHelpsLinkProps } from './need-helps-link';

/** What a day cell needs to name a help or a slot, gathered once per data change rather than searched per item. */
export interface PlanningLookups {
  villageId: string;
  needs: readonly VillageNeed[];
  needById: Map<string, VillageNeed>;
  colorByNeedId: Map<string, string>;
  firstNameByVillagerId: Map<string, string>;
  /** Who holds each help of a scheduled need read for the period: a full slot names its helpers. */
  helperNameByHelpId: Map<string, string>;
  /** The link to a need's helps, built once per need. */
  helpsLink: (needId: string) => NeedHelpsLinkProps;
  /** Where the viewer's takes made on this device stand, by slot (slotWriteKey). */
  slotWrites?: ReadonlyMap<string, SlotWrite>;
  /** The past helps said done or thanked, by help id (useClosedHelps): « Fait », « Merci envoyé ». */
  closedHelps?: ReadonlyMap<string, HelpClosed>;
  /** The urgent slots by key (domain/slots/urgent-slots.ts), and how many days the village's horizon is. */
  urgent?: { keys: ReadonlySet<string>; horizonDays: number };
}

/** « Fait · Merci envoyé » for the helps given, or nothing: a slot is done when one of its helps is. */
export function closedText(helpIds: readonly string[], closed: ReadonlyMap<string, HelpClosed> | undefined): string | null {
  if (!closed?.size) return null;
  const states = helpIds.map((id) => closed.get(id)).filter((state) => state !== undefined);
  const words = [states.some((s) => s.done) ? 'Fait' : null, states.some((s) => s.thanked) ? 'Merci envoyé' : null].filter(Boolean);
  return words.length ? words.join(' · ') : null;
}

export function planningLookups(
  router: AnyRouter,
  villageId: string,
  needs: readonly VillageNeed[],
  categories: readonly NeedCategory[],
  villagers: readonly Villager[],
  helps: readonly PlanningHelp[] = [],
): PlanningLookups {
  const colorByCategory = new Map(categories.map((c) => [c.id, c.color]));
  const firstNameByVillagerId = new Map(villagers.map((v) => [v.id, v.user?.first_name ?? 'Un membre']));
  // Only a scheduled need's helps hold a slot (slotsBetween): not the 2,700 helps of a busy month.
  const scheduled = new Set(needs.filter((n) => n.schedule).map((n) => n.id));
  return {
    villageId,
    needs,
    needById: new Map(needs.map((n) => [n.id, n])),
    colorByNeedId: new Map(needs.map((n) => [n.id, categoryColor(n.category_id ? colorByCategory.get(n.category_id) : null)])),
    firstNameByVillagerId,
    helperNameByHelpId: new Map(
      helps.filter((h) => scheduled.has(h.village_need_id)).map((h) => [h.id, firstNameByVillagerId.get(h.helper_id) ?? 'Un membre']),
    ),
    helpsLink: needHelpsLinks(router, villageId),
  };
}

/** The help's need: the local table first, else the copy the server sent along with the help. */
export const needOf = (help: Pick<Help, 'village_need_id'> & { village_need?: Help['village_need'] }, lookups: PlanningLookups) =>
  lookups.needById.get(help.village_need_id) ?? help.village_need;

/** The needs with no schedule: listed once, apart from the days, rather than repeated on each empty day. */
export const undatedNeeds = (needs: readonly VillageNeed[]) => needs.filter((need) => !need.schedule);
