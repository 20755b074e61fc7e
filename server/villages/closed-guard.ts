import { eq } from 'drizzle-orm';
import { VILLAGE_CLOSED_MESSAGE } from '../../src/contract/villages';
import type { Deps } from '../deps';
import { villages } from '../db/schema';
import { conflict } from '../http/errors';
import type { CallStep } from '../http/call-step';

/** A village's calls that are not writes to it: closing and reopening, a read's event ticket, one's calendar feed. */
const STILL_ALLOWED = new Set(['close', 'reopen', 'events/ticket', 'calendar']);
const VILLAGE_CALL = /^\/v1\/villages\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/(.*))?$/i;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A closed village's rows outside SQL, for the rare check made elsewhere (joining by its share code). */
export function refuseIfClosed(village: { closedAt: Date | null }) {
  if (village.closedAt) throw conflict(VILLAGE_CLOSED_MESSAGE);
}

/**
 * The one place a closed village refuses its writes (needs, helps, messages, news, invitations, members,
 * settings, photo…): every signed-in call but a read under `/v1/villages/{id}/` is answered 409 « Ce village
 * est clôturé. » before its route runs. A batch's calls go through it one by one (batch/routes.ts). Joining by
 * share code names no village in its path: join-routes.ts asks `refuseIfClosed`. The check is read before the
 * write's transaction: a write racing the closing may land just before it, as it would have a moment earlier.
 */
export function refuseWritesToClosedVillages(deps: Deps): CallStep {
  // Not an async function: a read (the health check among them) must stay answered in the same turn.
  return (c, next) => {
    if (READS.has(c.req.method) || !c.get('user')) return next();
    const match = VILLAGE_CALL.exec(c.req.path);
    // Deleting a village for good stays possible once closed.
    const deletion = c.req.method === 'DELETE' && match?.[2] === undefined;
    if (!match || deletion || STILL_ALLOWED.has(match[2] ?? '')) return next();
    return refuseThenGo(deps, match[1].toLowerCase(), next);
  };
}

async function refuseThenGo(deps: Deps, villageId: string, next: () => Response | Promise<Response>) {
  const [row] = await deps.db.select({ closedAt: villages.closedAt }).from(villages).where(eq(villages.id, villageId)).limit(1);
  // An unknown village goes on to its route's 404.
  if (row) refuseIfClosed(row);
  return next();
}
