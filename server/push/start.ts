import type { Logger } from 'pino';
import type { Clock } from '../deps';
import type { Db } from '../db/client';
import { VILLAGE_EVENTS_CHANNEL } from '../cache/notifications';
import type { Listen } from '../db/listen';
import { createPushDispatcher } from './dispatcher';
import { vapidKeys } from './vapid-keys';

/** The writes that queue a push (see push/queue.ts), as their NOTIFY names them. */
const QUEUEING = new Set([
  'need_added',
  'help_added',
  'help_refused',
  'message_sent',
  'villager_left',
  'villager_banned',
  'villager_role_changed',
  'help_released',
  'help_withdrawn_late',
  'news_published',
  'help_thanked',
  'help_replacement_asked',
  'help_taken_over',
]);
// Reminders are due at set times, and a NOTIFY may be lost while the LISTEN reconnects.
const TICK_MS = 15_000;

/** Sends pushes from this instance: at once after a write that queued some, and every 15 s. */
export function startPushDispatch(input: {
  db: Db;
  clock: Clock;
  logger: Logger;
  subject: string;
  listen: Listen;
  signal: AbortSignal;
  /** PUSH_ALLOW_HTTP: a test's push service on loopback. */
  allowHttpPushEndpoints?: boolean;
}) {
  const dispatcher = createPushDispatcher({ ...input, keys: vapidKeys(input.db) });
  input
    .listen(
      {
        [VILLAGE_EVENTS_CHANNEL]: (payload) => {
          const { type } = JSON.parse(payload) as { type?: string };
          if (type && QUEUEING.has(type)) dispatcher.wake();
        },
      },
      // Back from a lost connection: whatever was queued meanwhile goes now.
      (healthy) => healthy && dispatcher.wake(),
    )
    .catch((error) => input.logger.error({ err: error }, 'LISTEN for pushes failed'));
  dispatcher.start(TICK_MS, input.signal);
  return dispatcher;
}
