import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import type { Help } from '../../contract';
import { helpOverAt } from '../../contract/help-thanks';
import type { ReadRange } from './read-range';

/** What a past help's card says once it is closed: « Fait », « Merci envoyé ». */
export interface HelpClosed {
  done: boolean;
  thanked: boolean;
}

/** The closed ones among `helps`, by help id: only those said done or thanked, so an empty map costs nothing to show. */
export function closedHelps(helps: readonly Pick<Help, 'id' | 'done_at' | 'thanks_count'>[]): Map<string, HelpClosed> {
  const closed = new Map<string, HelpClosed>();
  for (const help of helps) {
    if (help.done_at || help.thanks_count > 0) closed.set(help.id, { done: !!help.done_at, thanked: help.thanks_count > 0 });
  }
  return closed;
}

/**
 * The closed helps of the period the planning reads, up to now: the compact rows the planning draws from
 * (db/help-day-rows.ts) keep when and who, not done and thanks, so those come from the helps themselves,
 * by the village and start index, only for days already begun.
 */
export const useClosedHelps = (villageId: string, range: ReadRange | undefined) =>
  useLiveQuery(async () => {
    if (!range) return new Map<string, HelpClosed>();
    const until = new Date().toISOString();
    const to = range.to < until ? range.to : until;
    if (range.from >= to) return new Map<string, HelpClosed>();
    const helps = await db.helps.where('[village_id+start_date]').between([villageId, range.from], [villageId, to], true, false).toArray();
    return closedHelps(helps);
  }, [villageId, range?.from, range?.to]);

/** The helps whose time passed within `days` days, newest first, at most `max`: what the village home says was done. */
export function doneLately<H extends Pick<Help, 'start_date' | 'end_date'>>(
  helps: readonly H[],
  now: number,
  days: number,
  max: number,
): H[] {
  const since = now - days * 24 * 3600_000;
  return helps
    .filter((help) => {
      const over = helpOverAt(help);
      return over <= now && over >= since;
    })
    .sort((a, b) => helpOverAt(b) - helpOverAt(a))
    .slice(0, max);
}

/** The village home's « Fait ces derniers jours »: helps over within the past week, newest first (THANK_ALL_DAYS). */
export const DONE_LATELY_DAYS = 7;
export const DONE_LATELY_MAX = 6;

export const useDoneLately = (villageId: string) =>
  useLiveQuery(async () => {
    const now = Date.now();
    // A help over in the past week started at most a week and the longest help (day-index.ts) before: read two weeks.
    const from = new Date(now - 2 * DONE_LATELY_DAYS * 24 * 3600_000).toISOString();
    const helps = await db.helps
      .where('[village_id+start_date]')
      .between([villageId, from], [villageId, new Date(now).toISOString()], true, true)
      .toArray();
    return doneLately(helps, now, DONE_LATELY_DAYS, DONE_LATELY_MAX);
  }, [villageId]);
