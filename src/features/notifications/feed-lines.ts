import type { Action } from '../../contract';

/** One line of the feed: the newest of a run of the same action repeated, and how many it stands for. */
export interface FeedLine {
  action: Action;
  count: number;
}

/** Repeats closer than this to the previous one read as the same line ("a few minutes" of editing). */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * What a repeat is about, for the actions a person repeats on one thing while editing it (saving the
 * village's details three times, a need twice). Null for the others: each one tells something new.
 */
function thingOf(action: Action): string | null {
  switch (action.type) {
    case 'village_updated':
    case 'village_photo_updated':
      return action.village_id;
    case 'need_updated':
      return typeof action.data.need_id === 'string' ? action.data.need_id : null;
    default:
      return null;
  }
}

const sameRepeat = (a: Action, b: Action) => {
  const thing = thingOf(a);
  return thing !== null && a.type === b.type && a.villager_id === b.villager_id && thing === thingOf(b);
};

/**
 * The feed as lines, newest first: an action repeated by the same person on the same thing within a few
 * minutes of the previous one reads as one line, dated by the newest. Only neighbours merge, so the feed's
 * order stays true: someone else's action in between starts a new line.
 */
export function feedLines(actions: readonly Action[]): FeedLine[] {
  // The list is newest first: `oldest` is the earliest action a line holds so far, the one the next must follow closely.
  const lines: (FeedLine & { oldest: Action })[] = [];
  for (const action of actions) {
    const last = lines.at(-1);
    const oldest = last?.oldest;
    if (last && oldest && sameRepeat(oldest, action) && Date.parse(oldest.created_at) - Date.parse(action.created_at) <= REPEAT_WINDOW_MS) {
      last.count += 1;
      last.oldest = action;
      continue;
    }
    lines.push({ action, count: 1, oldest: action });
  }
  return lines.map(({ action, count }) => ({ action, count }));
}
