import { useEffect, useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../../db/database';
import { describeEntry } from '../../outbox/describe-entry';
import { claimUnannounced } from '../../outbox/refusal-announcements';
import { toast } from '../../state/toasts';
import { refusalAnnouncement } from './refusal-choices';

const onVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const visible = () => document.visibilityState !== 'hidden';

/**
 * Says each refused change at once, in a toast on the screen that is open ("Le créneau du mercredi 2
 * décembre, 19 h sur « Dîner » est complet : Bruno et Marie s'en occupent. …"), rather than only in the
 * header's chip. `failed` is the live list of refused entries: it changes whoever drained the queue (the
 * worker too). A hidden tab waits until it is shown, so the person sees it where they look.
 */
export function useRefusalAnnouncements(failed: OutboxEntry[]) {
  const shown = useSyncExternalStore(onVisibility, visible, () => true);
  const fresh = failed.some((entry) => entry.failure && !entry.failure.announced);
  useEffect(() => {
    if (!fresh || !shown) return;
    void claimUnannounced().then((entries) => {
      for (const entry of entries) toast.error(refusalAnnouncement(entry, describeEntry(entry)));
    });
  }, [fresh, shown, failed]);
}
