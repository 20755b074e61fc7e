import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/database';
import { onlineStatus } from '../../pwa/online-status';
import { updateNotificationSettings } from './mutations/update-notification-settings';
import { notificationSettingsKey } from './notification-settings-query';

export const SAVED_TEXT = 'Enregistré';
export const SAVING_TEXT = 'Enregistrement…';
export const SAVED_LATER_TEXT = 'Sera enregistré au retour du réseau';

/**
 * Where this visit's changes stand, read from the outbox itself, so what it says is what will happen: waiting
 * for the network, on their way, sent, or refused (then the switches go back to the server's settings, and
 * the outbox's list of refused changes says why). Empty until a change is made.
 */
export function useSaveStatus(userId: string) {
  const queryClient = useQueryClient();
  const online = onlineStatus.use();
  // When the first and the last change of this visit were made, and how many are in the outbox by now.
  const [since, setSince] = useState<string | null>(null);
  const [lastAt, setLastAt] = useState('');
  const [made, setMade] = useState(0);
  const [written, setWritten] = useState(0);
  const read = useLiveQuery(
    async () => ({
      written,
      entries:
        since === null
          ? []
          : await db.outbox
              .filter((e) => e.userId === userId && e.kind === updateNotificationSettings.name && e.createdAt >= since)
              .toArray(),
    }),
    [userId, since, written],
  );
  const entries = read?.entries ?? [];
  const pending = entries.filter((e) => e.status === 'pending');
  const refused = entries.filter((e) => e.status === 'failed');

  // A refusal: the server's settings are shown again, the refused change no longer laid over them.
  const refusedCount = refused.length;
  useEffect(() => {
    if (refusedCount > 0) void queryClient.invalidateQueries({ queryKey: notificationSettingsKey(userId) });
  }, [refusedCount, queryClient, userId]);

  let text = '';
  if (made > 0) {
    const waitsForNetwork = !online || pending.some((e) => e.lastError?.kind === 'network');
    // Until the outbox has been read after the last write, an empty read would say "saved" too early.
    const current = made === written && read?.written === written;
    if (!current) text = online ? SAVING_TEXT : SAVED_LATER_TEXT;
    else if (pending.length > 0) text = waitsForNetwork ? SAVED_LATER_TEXT : SAVING_TEXT;
    else {
      // Only the last change counts: one refused earlier does not make a later one unsaved.
      const last = refused.find((e) => e.createdAt >= lastAt);
      text = last ? `Non enregistré\u00a0: ${last.failure?.message ?? ''}` : SAVED_TEXT;
    }
  }

  /** Wraps each change: from then on its entry is followed. */
  const track = async <T>(write: () => Promise<T>): Promise<T> => {
    // Read before the entry is made, so its own reading of the clock is never earlier.
    const at = new Date().toISOString();
    setSince((current) => current ?? at);
    setLastAt(at);
    setMade((n) => n + 1);
    try {
      return await write();
    } finally {
      setWritten((n) => n + 1);
    }
  };
  return { text, track };
}
