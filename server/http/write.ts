import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, Deps } from '../deps';
import { idempotencyKeys, users } from '../db/schema';
import type { Tx } from '../db/client';
import { HttpError, invalid, text } from './errors';
import { collectTouched } from '../cache/touched';
import { KEY_TTL_MS } from './sweeps';
import { fingerprintOf } from './request-input';

/** The key was already used by this user: its write rolls back and the stored answer is given instead. */
class Replay {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
/** Thrown inside the transaction to roll it back; the stored answer is read after (PGlite has one connection). */
class KeyTaken {}

/** A user's key and what it is bound to: the method and path, and the fingerprint of the body and query (request-input.ts). */
type Keyed = { userId: string; key: string; request: string; fingerprint: string };

/**
 * Runs a write in one transaction and answers it. With an `Idempotency-Key` from a signed-in user the
 * key and the answer are stored in that same transaction, so a retried request gets the first answer
 * and changes nothing again, even when the first answer was lost on the way. Only successes are kept:
 * a refused write changed nothing, so trying it again is harmless. As the IETF Idempotency-Key draft
 * says, a key is bound to its request: the same key with another method, path, body or query is refused
 * with a 422 and nothing of it is stored (a retry sends the same request; another one is a client's bug).
 *
 * The key is stored with its answer by the write's last statement, and the unique index decides: a key
 * already there (a retry, or a duplicate running at the same time, which waits on the index until the
 * first commits) rolls the whole write back, and the stored answer is read then. A fresh key, the usual
 * case, costs one statement instead of an insert before the write and an update after it. A retried write
 * may fail before reaching that statement (the need it creates exists): a refusal is answered only once
 * the key is known not to be stored.
 */
export async function write<T>(c: Context<AppEnv>, deps: Deps, status: 200 | 201 | 204, run: (tx: Tx) => Promise<T>): Promise<Response> {
  const user = c.get('user');
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && (key.length === 0 || key.length > 200)) {
    throw invalid([{ field: 'Idempotency-Key', message: "Cette clé d'idempotence n'est pas valide" }]);
  }
  const keyed: Keyed | null =
    user && key ? { userId: user.id, key, request: `${c.req.method} ${c.req.path}`, fingerprint: fingerprintOf(c) } : null;
  const now = deps.clock.now();
  try {
    let touched = new Set<string>();
    const answer = await deps.db.transaction(async (tx) => {
      touched = collectTouched(tx);
      const data = await run(tx);
      const body = status === 204 ? null : { data };
      if (keyed && !(await storeKey(tx, keyed, status, body, now))) throw new KeyTaken();
      return body;
    });
    // This instance drops them now (read-your-writes); the others when the commit's NOTIFY reaches them.
    for (const villageId of touched) deps.caches?.forgetVillage(villageId);
    return respond(c, status, answer);
  } catch (error) {
    const replay =
      keyed && error instanceof KeyTaken
        ? await replayOf(deps, keyed, now)
        : keyed && error instanceof HttpError
          ? await replayOf(deps, keyed, now, error)
          : error;
    if (replay instanceof Replay) {
      c.header('Idempotent-Replayed', 'true');
      return respond(c, replay.status, replay.body);
    }
    throw replay;
  }
}

/**
 * Inserts the key with its answer; a key past its 7 days (the sweep in server/http/sweeps.ts runs now and
 * then) is free again and taken over. False when a live key is there.
 *
 * Selected from the user's row rather than given as values: a write that deleted its own user (deleting
 * one's account) has no one to keep the key for (the foreign key refused it, a 500), and its retry, without
 * a session, could not be replayed anyway. Only then, when nothing was stored, is the user looked for.
 */
async function storeKey(tx: Tx, keyed: Keyed, status: number, body: unknown, now: Date) {
  const expiredBefore = new Date(now.getTime() - KEY_TTL_MS);
  // In the table's column order, as INSERT … SELECT takes them.
  const row = sql`select ${users.id}, ${keyed.key}::text, ${keyed.request}::text, ${keyed.fingerprint}::text, ${status}::integer,
    ${JSON.stringify(body)}::jsonb, ${now.toISOString()}::timestamptz from ${users} where ${users.id} = ${keyed.userId}`;
  const stored = await tx
    .insert(idempotencyKeys)
    .select(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { request: keyed.request, fingerprint: keyed.fingerprint, status, body: sql`excluded.body`, createdAt: now },
      setWhere: sql`${idempotencyKeys.createdAt} < ${expiredBefore.toISOString()}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (stored.length > 0) return true;
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, keyed.userId));
  return owner === undefined;
}

/**
 * What a key already used answers: the stored answer, or 422 when it served another request: another
 * method or path, or another body or query (the write that brought it has rolled back, so nothing of it is
 * stored). A key stored before fingerprints (null) is matched by its method and path, as it was then. A
 * write that was refused (`refusal`) with a key not stored, or stored too long ago, keeps its refusal.
 */
async function replayOf(deps: Deps, keyed: Keyed, now: Date, refusal?: HttpError): Promise<Replay | Error> {
  const [stored] = await deps.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, keyed.userId), eq(idempotencyKeys.key, keyed.key)));
  if (!stored || stored.createdAt.getTime() < now.getTime() - KEY_TTL_MS) {
    // Without a refusal the key was there a moment ago, live: gone since, the write is worth sending again (500).
    return refusal ?? new Error('An idempotency key vanished between its write and its answer');
  }
  const sameRequest = stored.request === keyed.request && (stored.fingerprint === null || stored.fingerprint === keyed.fingerprint);
  if (!sameRequest) return new HttpError(422, text.idempotencyReused);
  return new Replay(stored.status, stored.body);
}

function respond(c: Context, status: number, body: unknown) {
  if (status === 204) return c.body(null, 204);
  return c.json(body, status as ContentfulStatusCode);
}
