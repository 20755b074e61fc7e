import type { Action } from '../../contract';

/** The spec: unseen actions exist when any action is newer than the villager's last check (none yet: all are). */
export function hasUnseen(actions: readonly Pick<Action, 'created_at'>[], lastCheck: string | null | undefined): boolean {
  const checkedAt = lastCheck ? Date.parse(lastCheck) : -Infinity;
  return actions.some((a) => Date.parse(a.created_at) > checkedAt);
}

/**
 * The check date to record after showing the feed: the newest action shown, not the device's clock, so an
 * action the server wrote meanwhile (or a clock running late) is not marked as seen. Null when the
 * feed is empty or already seen: nothing to write.
 */
export function checkDateAfterShowing(actions: readonly Pick<Action, 'created_at'>[], lastCheck: string | null | undefined): string | null {
  if (!hasUnseen(actions, lastCheck)) return null;
  const newest = Math.max(...actions.map((a) => Date.parse(a.created_at)));
  return new Date(newest).toISOString();
}
