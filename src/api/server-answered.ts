/**
 * "The server answers again", heard from any call of the page (src/api/client.ts gives it to its transports):
 * writes kept back after an outage need not wait out a backoff of minutes once anything at all gets through
 * (src/outbox/page-replayer.ts listens). Nothing in the browser says so by itself: a restarted server, an API down
 * behind working Wi-Fi or a captive portal left fire no `online` event.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function reportServerAnswered() {
  for (const listener of listeners) listener();
}

export function onServerAnswered(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
