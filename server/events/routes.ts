import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { issueEventTicket, villageEvents } from '../../src/contract/endpoints/events';
import type { Deps } from '../deps';
import { publicRoute, route, type App } from '../http/route';
import { forbidden, text, unauthenticated } from '../http/errors';
import { canRead, isActive, readMembership } from '../policy';
import type { EventHub, VillageChange } from './hub';
import { createUsedTickets, issueTicket, readTicket } from './ticket';
import { activeMembersOnChange } from './active-members';
import { noteSeen } from '../villagers/last-seen';
import { createStreamCap } from './stream-cap';

/** Under the idle timeouts of common proxies (often 30 to 60 s), so that a quiet stream is not cut. */
export const PING_MS = 25_000;
/** What an EventSource waits before it reconnects by itself. */
export const RETRY_MS = 3_000;

/**
 * A village's live changes as server-sent events, for its active villagers: `change` events say what
 * changed, the app then pulls; a last `removed` event tells a reader who is no longer a member. A ticket (POST …/ticket, bearer auth) opens the stream (GET …?ticket=).
 */
export function eventRoutes(app: App, deps: Deps, hub: EventHub, secret: () => Promise<Buffer>) {
  const usedTickets = createUsedTickets();
  const activeMembers = activeMembersOnChange(deps.db);
  const streamCap = createStreamCap();

  // The route layer checks the village id (a UUID, in lower case) like every other path id: 404 otherwise.
  const villageIds = { ids: { id: text.villageNotFound } };

  route(app, issueEventTicket, villageIds, async (c, { user, params }) => {
    const villageId = params.id;
    canRead(await readMembership(deps, villageId, user.id));
    const { token, ticket } = issueTicket(await secret(), user.id, villageId, deps.clock.now().getTime());
    return c.json({ data: { ticket: token, expires_at: new Date(ticket.expiresAt).toISOString() } });
  });

  publicRoute(app, villageEvents, villageIds, async (c, { params, query }) => {
    const villageId = params.id;
    const now = deps.clock.now().getTime();
    const ticket = readTicket(await secret(), query.ticket ?? '', villageId, now);
    // Forged, expired, for another village or already used: the app asks for a new one.
    if (!ticket || !usedTickets.claim(ticket, now)) throw unauthenticated();
    const stillActive = async (change?: VillageChange) =>
      change?.village_id
        ? (await activeMembers(change)).has(ticket.userId)
        : isActive((await readMembership(deps, villageId, ticket.userId)).villager);
    if (!(await stillActive())) throw forbidden(text.notMember);
    // An open stream is an open screen of the village: its reader is here (the chat digest waits hours of absence).
    const reader = await readMembership(deps, villageId, ticket.userId);
    if (reader.villager) await noteSeen(deps, reader.villager.id);
    // Taken last, so that a refused stream holds no place; given back however the stream ends.
    const place = streamCap.take(ticket.userId);

    const response = streamSSE(c, async (stream) => {
      try {
        await serve(stream);
      } finally {
        place.release();
      }
    });
    async function serve(stream: SSEStreamingApi) {
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ village_id: villageId }), retry: RETRY_MS });
      await new Promise<void>((resolve) => {
        let queue = Promise.resolve();
        const end = () => {
          unsubscribe();
          clearInterval(ping);
          deps.shutdown?.removeEventListener('abort', end);
          resolve();
        };
        // Events are written one after the other; each first checks that the reader may still read.
        const send = (change: VillageChange) => {
          queue = queue
            .then(async () => {
              if (stream.closed || stream.aborted) return;
              const active = await stillActive(change).catch(() => null);
              // A failed check ends the stream (the app reconnects and is checked afresh); a reader who left,
              // was removed or deleted their account is told so at once, so that the open screen can say it.
              if (active === false) await stream.writeSSE({ event: 'removed', data: JSON.stringify({ village_id: villageId }) });
              if (!active) return end();
              await stream.writeSSE({ event: 'change', data: JSON.stringify({ type: change.type, village_id: villageId }) });
            })
            .catch(end);
        };
        const unsubscribe = hub.subscribe(villageId, send);
        const ping = setInterval(() => void stream.write(': ping\n\n'), PING_MS);
        stream.onAbort(end);
        // Open streams must not hold the server's shutdown until its connections are forced closed.
        if (deps.shutdown?.aborted) end();
        deps.shutdown?.addEventListener('abort', end);
      });
    }
    // The connection serves this stream only: once the stream ends, it goes, and a shutting-down server with it.
    response.headers.set('Connection', 'close');
    // Proxies such as nginx would otherwise buffer the stream.
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });
}
