/** One server-sent event as a reader sees it; comments (`: ping`) are left out. */
export interface SseEvent {
  event: string;
  data: string;
  retry?: number;
}

/**
 * Reads server-sent events from a response body, for tests and the bench (Node has no EventSource):
 * `next()` resolves with the next event, or null when the stream ends or `ms` pass first.
 */
export function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const ready: SseEvent[] = [];
  let buffer = '';
  let ended = false;
  let pending: Promise<void> | null = null;

  const pump = () =>
    (pending ??= reader.read().then(
      ({ done, value }) => {
        pending = null;
        if (done) ended = true;
        else buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'data') data.push(value);
            else if (field === 'retry') event.retry = Number(value);
          }
          event.data = data.join('\n');
          if (data.length || event.event !== 'message') ready.push(event);
        }
      },
      () => {
        pending = null;
        ended = true;
      },
    ));

  return {
    async next(ms = 2000): Promise<SseEvent | null> {
      const deadline = Date.now() + ms;
      while (!ready.length && !ended) {
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await Promise.race([pump(), new Promise((r) => setTimeout(r, left))]);
      }
      return ready.shift() ?? null;
    },
    get ended() {
      return ended && !ready.length;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

/** A change event's data: what changed and in which village, never what it holds. */
export type Change = { type: string; village_id: string };

/**
 * The changes read until one of `type` (five at most): on PostgreSQL, writes made before the stream opened reach it
 * through LISTEN and may arrive after it.
 */
export async function changesUntil(events: ReturnType<typeof readEvents>, type: string): Promise<Change[]> {
  const seen: Change[] = [];
  while (!seen.some((c) => c.type === type) && seen.length < 5) {
    const change = await events.next();
    if (change?.event !== 'change') throw new Error(`expected a change event, read ${JSON.stringify(change)}`);
    seen.push(JSON.parse(change.data));
  }
  return seen;
}
