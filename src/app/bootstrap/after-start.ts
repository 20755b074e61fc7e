import type { User } from '../../contract';
import { startReplaying } from '../../outbox/page-replayer';
import { askForPersistentStorage } from '../../outbox/persistent-storage';
import { beginAnalytics } from '../../analytics/consent';

/**
 * What starts once the app is open: the replay of writes made offline (on this visit or an earlier one), the
 * request for persistent storage, and analytics (the SDK imported lazily; never awaited, so loading it never
 * holds anything back).
 */
export function afterStart(me: User) {
  startReplaying();
  void askForPersistentStorage();
  void beginAnalytics(me).catch((error: unknown) => console.error('Analytics could not start', error));
}
