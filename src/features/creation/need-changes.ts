import type { VillageNeed } from '../../contract';

/** What the needs step holds when it is sent. */
export interface NeedSelection {
  /** The needs shown when the step opened: only those may be removed (a pull may have brought others since). */
  shown: Set<string>;
  /** Catalogue needs ticked, by catalogue id. */
  chosen: Set<string>;
  /** The village's own free needs still ticked, by village need id. */
  keptFree: Set<string>;
  /** Free needs typed on this step, not yet in the village. */
  newFree: string[];
}

export interface NeedChanges {
  /** Catalogue ids to add. */
  addCatalogue: string[];
  /** Free names to add. */
  addFree: string[];
  /** Village need ids to delete. */
  remove: string[];
}

/** Two names of one need: case and accents aside. */
export const sameName = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' }) === 0;

/** The writes that make the village's needs, as they are now, match the selection. */
export function needChanges(needs: VillageNeed[], selection: NeedSelection): NeedChanges {
  const present = new Set(needs.flatMap((n) => (n.need_id ? [n.need_id] : [])));
  return {
    addCatalogue: [...selection.chosen].filter((id) => !present.has(id)),
    // A free need the village has already is not added twice (a step sent again after a failed write).
    addFree: selection.newFree.filter((name) => !needs.some((n) => !n.need_id && sameName(n.name, name))),
    remove: needs
      .filter((n) => selection.shown.has(n.id) && (n.need_id ? !selection.chosen.has(n.need_id) : !selection.keptFree.has(n.id)))
      .map((n) => n.id),
  };
}
