import * as v from 'valibot';
import { optionalText, uuid } from './fields';

/** A thanks' word is a line, not a letter: it shows under the help and in the helper's mail. */
export const THANKS_MESSAGE_MAX = 280;
/** "Merci à tous" thanks at most this many helps at once: a week of a busy village, never an unbounded write. */
export const THANK_ALL_MAX = 50;
/** "Merci à tous" reaches the helps whose time passed within this many days. */
export const THANK_ALL_DAYS = 7;

/** `PUT …/helps/{helpId}/done`: who says it was done (its helper or an organiser). */
export const HelpDoneInput = v.strictObject({ villager_id: uuid });
export type HelpDoneInput = v.InferOutput<typeof HelpDoneInput>;

/** A thanks to a help's helper (or, for "Merci à tous", to every helper of the week), with an optional word. */
export const ThanksInput = v.strictObject({
  thanker_id: uuid,
  message: optionalText(THANKS_MESSAGE_MAX),
});
export type ThanksInput = v.InferOutput<typeof ThanksInput>;

/** When a help's time has passed: its end, or its start when it has none. */
export const helpOverAt = (help: { start_date: string; end_date: string | null }) => Date.parse(help.end_date ?? help.start_date);

const DAY_MS = 24 * 3600 * 1000;

type ClosingHelp = { start_date: string; end_date: string | null; helper_id: string; thanks_count: number };

/**
 * Whether "Merci à tous" reaches this help: over within the past week, not thanked yet, and not the
 * thanker's own. The server selects the same helps in SQL (server/helps/thanks-routes.ts); the app applies
 * it at once with this.
 */
export function thankableThisWeek(help: ClosingHelp, thankerId: string, now: number): boolean {
  const over = helpOverAt(help);
  return over <= now && over >= now - THANK_ALL_DAYS * DAY_MS && help.thanks_count === 0 && help.helper_id !== thankerId;
}
