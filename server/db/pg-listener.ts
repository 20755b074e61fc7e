import pg from 'pg';
import type { Listen } from './listen';

interface Subscriber {
  handlers: Record<string, (payload: string) => void>;
  onHealth: (healthy: boolean) => void;
}

/**
 * LISTEN on a PostgreSQL server over one connection of its own (a pooled one may be handed to anyone).
 * When that connection is lost, subscribers hear `onHealth(false)` (a notification may have been
 * missed) and it reconnects, with a growing pause, until it can say `onHealth(true)` again.
 */
export function createPgListener(url: string) {
  const subscribers: Subscriber[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let connecting: Promise<void> | undefined;
  // Connections being opened: closing must end them too, not only the one in use.
  const opening = new Set<pg.Client>();

  const channels = () => [...new Set(subscribers.flatMap((s) => Object.keys(s.handlers)))];
  /*
   * The subscribers' LISTENs on the connection in use, one after the other: the push dispatch, the mail
   * dispatch and the live updates all subscribe as the server starts, and a query sent while another runs on
   * the same client is deprecated by pg (a warning at every start on PostgreSQL; removed in pg 9).
   */
  let lastListen: Promise<unknown> = Promise.resolve();
  const inTurn = (work: () => Promise<unknown>) => {
    const turn = lastListen.then(work);
    lastListen = turn.catch(() => undefined);
    return turn;
  };
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      for (const s of subscribers) s.handlers[n.channel]?.(n.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    opening.add(next);
    try {
      await next.connect();
      for (const channel of channels()) await next.query(`LISTEN ${quote(channel)}`);
    } finally {
      opening.delete(next);
    }
    // Closed while connecting: a connection kept now would hold the database open (and its DROP waiting).
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    for (const s of subscribers) s.onHealth(true);
  }

  function lost(which: pg.Client) {
    if (closed || client !== which) return;
    client = undefined;
    for (const s of subscribers) s.onHealth(false);
    void reconnect();
  }

  async function reconnect(pause = 250) {
    while (!closed && !client) {
      await new Promise((r) => setTimeout(r, pause));
      try {
        await connect();
      } catch {
        pause = Math.min(pause * 2, 10_000);
      }
    }
  }

  const listen: Listen = async (handlers, onHealth) => {
    subscribers.push({ handlers, onHealth });
    // A first connection that fails is retried like a lost one; the subscriber hears when it is up.
    connecting ??= connect().catch(() => void reconnect());
    await connecting;
    const current = client;
    if (!current) return;
    await inTurn(async () => {
      for (const channel of Object.keys(handlers)) await current.query(`LISTEN ${quote(channel)}`);
    });
    onHealth(true);
  };

  return {
    listen,
    async close() {
      closed = true;
      await Promise.all([...opening].map((c) => c.end().catch(() => undefined)));
      await client?.end();
    },
  };
}
