import type { Action } from '../../contract';

type Seen = Pick<Action, 'created_at' | 'villager_id'>;

/**
 * Whether an action is news to the villager `me`: newer than their last check (none yet: all are), and not
 * their own doing, since nobody needs telling what they just did.
 */
export function isNewTo(action: Seen, lastCheck: string | null | undefined, me: string | null | undefined): boolean {
  if (me && action.villager_id === me) return false;
  const checkedAt = lastCheck ? Date.parse(lastCheck) : -Infinity;
  return Date.parse(action.created_at) > checkedAt;
}

/** The spec: unseen actions exist when any action is newer than the villager's last check; their own do not count. */
export function hasUnseen(actions: readonly Seen[], lastCheck: string | null | undefined, me?: string | null): boolean {
  return actions.some((a) => isNewTo(a, lastCheck, me));
}

/**
 * The check date to record after showing the feed: the newest action shown, not the device's clock, so an
 * action the server wrote meanwhile (or a clock running late) is not marked as seen. Null when the
 * feed is empty or holds nothing new to this villager: nothing to write.
 */
export function checkDateAfterShowing(actions: readonly Seen[], lastCheck: string | null | undefined, me?: string | null): string | null {
  if (!hasUnseen(actions, lastCheck, me)) return null;
  const newest = Math.max(...actions.map((a) => Date.parse(a.created_at)));
  return new Date(newest).toISOString();
}
