import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { SESSION_EVENTS_CHANNEL } from '../cache/notifications';

/**
 * Tells every instance that sessions were revoked (one token, or all of a user's), so that none keeps
 * them in its cache. Call it in the transaction that deletes them: the NOTIFY goes out on commit.
 */
export async function announceRevocation(deps: Deps, tx: Executor, target: { token_hash: string } | { user_id: string }) {
  if ('token_hash' in target) deps.caches?.forgetSession(target.token_hash);
  else deps.caches?.forgetSessionsOf(target.user_id);
  await tx.execute(sql`select pg_notify(${SESSION_EVENTS_CHANNEL}, ${JSON.stringify(target)})`);
}
