import { apiBaseUrl } from '../../api/base-url';
import { fillPath } from '../../contract/endpoint';
import { villageEvents } from '../../contract/endpoints/events';
import { reconnectDelay } from './backoff';
import type { TicketOutcome } from './fetch-ticket';

export interface LiveChange {
  /** An action type (`need_added`…), 'changed', or 'resync' when changes may have been missed. */
  type: string;
}

export interface LiveConnectionOptions {
  villageId: string;
  getTicket(villageId: string): Promise<TicketOutcome>;
  onChange(change: LiveChange): void;
  /**
   * The server's last word to a reader who stopped being an active villager (left elsewhere, removed, account
   * gone): the stream is over for good and the village must leave the device.
   */
  onRemoved?(): void;
}

/**
 * Keeps a village's event stream open while the page is visible and online: a ticket, then an
 * EventSource. EventSource's own reconnection would present a used ticket, so on any error the source
 * is closed and reopened here with a new ticket, after a growing pause. Whatever happened while the
 * stream was down is unknown: each reopening says 'resync'. Answers the function that stops it all.
 */
export function startLiveConnection({ villageId, getTicket, onChange, onRemoved }: LiveConnectionOptions): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let opened = false;
  // Bumped whenever what is under way must be dropped (closed, hidden, offline, stopped).
  let generation = 0;
  let stopped = false;
  // The generation whose ticket is being fetched: one fetch at a time.
  let fetching = -1;

  // Without EventSource (very old browsers, or a test that plays one) the app still refreshes on focus and reconnect.
  const wanted = () => !stopped && typeof EventSource !== 'undefined' && document.visibilityState === 'visible' && navigator.onLine;

  function close() {
    generation += 1;
    clearTimeout(timer);
    source?.close();
    source = null;
  }

  function retryLater() {
    close();
    const mine = generation;
    timer = setTimeout(() => mine === generation && void open(), reconnectDelay(attempt++));
  }

  async function open() {
    if (!wanted() || source || fetching === generation) return;
    const mine = generation;
    fetching = mine;
    const outcome = await getTicket(villageId).finally(() => (fetching = -1));
    if (mine !== generation || !wanted()) return;
    if (outcome.kind === 'refused') return close();
    if (outcome.kind === 'retry') return retryLater();
    // Not through the transport: EventSource makes the request itself, so only its address comes from the table.
    const url = `${apiBaseUrl()}${fillPath(villageEvents.path, { id: villageId })}?ticket=${encodeURIComponent(outcome.ticket)}`;
    const next = new EventSource(url);
    source = next;
    next.addEventListener('ready', () => {
      attempt = 0;
      if (opened) onChange({ type: 'resync' });
      opened = true;
    });
    next.addEventListener('change', (event) => {
      try {
        onChange({ type: String((JSON.parse((event as MessageEvent<string>).data) as LiveChange).type) });
      } catch {
        onChange({ type: 'changed' });
      }
    });
    next.addEventListener('removed', (event) => {
      let about = villageId;
      try {
        about = String((JSON.parse((event as MessageEvent<string>).data) as { village_id?: unknown }).village_id ?? villageId);
      } catch {
        // An unreadable body still ends the stream: the server only says it to those it removed.
      }
      if (about !== villageId) return;
      // No reconnection: a new ticket would be refused, and the village's pull says the same.
      stopped = true;
      close();
      onRemoved?.();
    });
    next.addEventListener('error', () => {
      if (source === next) retryLater();
    });
  }

  function reconsider() {
    if (wanted()) {
      attempt = 0;
      void open();
    } else close();
  }

  document.addEventListener('visibilitychange', reconsider);
  addEventListener('online', reconsider);
  addEventListener('offline', reconsider);
  void open();
  return () => {
    stopped = true;
    close();
    document.removeEventListener('visibilitychange', reconsider);
    removeEventListener('online', reconsider);
    removeEventListener('offline', reconsider);
  };
}
