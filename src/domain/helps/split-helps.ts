import { DateTime } from 'luxon';
import type { Help } from '../../contract';
import { parisDay } from '../../contract/help-time';

export interface SplitHelps {
  today: Help[];
  upcoming: Help[];
  past: Help[];
}

/**
 * The spec's three groups, by Paris calendar day: a help is past from the day after it starts, so this
 * morning's slot stays under "Aujourd'hui" all day. Past helps come most recent first, the others soonest first.
 */
export function splitHelps(helps: Help[], now: DateTime = DateTime.now()): SplitHelps {
  const today = parisDay(now);
  const sorted = [...helps].sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
  const split: SplitHelps = { today: [], upcoming: [], past: [] };
  for (const help of sorted) {
    const day = parisDay(help.start_date);
    if (day === today) split.today.push(help);
    else if (day > today) split.upcoming.push(help);
    else split.past.unshift(help);
  }
  return split;
}

/** Helps still to come, today's included: what a need's "aides prévues" counts. */
export const plannedHelps = (helps: Help[], now: DateTime = DateTime.now()) => {
  const { today, upcoming } = splitHelps(helps, now);
  return [...today, ...upcoming];
};
