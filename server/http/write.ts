import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, Deps } from '../deps';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError, invalid, text } from './errors';
import { collectTouched } from '../cache/touched';
import { KEY_TTL_MS } from './sweeps';


class Replay {
  constructor(readonly status: number, readonly body: unknown) {}
}

/**
 * Runs a write in one transaction and answers it. With an `Idempotency-Key` from a signed-in user the
 * key and the answer are stored in that same transaction, so a retried request gets the first answer
 * and changes nothing again, even when the first answer was lost on the way. Only successes are kept:
 * a refused write changed nothing, so trying it again is harmless.
 */
export async function write<T>(
  c: Context<AppEnv>,
  deps: Deps,
  status: 200 | 201 | 204,
  run: (tx: Tx) => Promise<T>,
): Promise<Response> {
  const user = c.get('user');
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && (key.length === 0 || key.length > 200)) {
    throw invalid([{ field: 'Idempotency-Key', message: "Cette clé d'idempotence n'est pas valide" }]);
  }
  const request = `${c.req.method} ${new URL(c.req.url).pathname}`;
  const keyed = user && key ? { userId: user.id, key } : null;
  const now = deps.clock.now();
  const expiredBefore = new Date(now.getTime() - KEY_TTL_MS);
  try {
    const { result: answer, touched } = await collectTouched(() => deps.db.transaction(async (tx) => {
      if (keyed) {
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ ...keyed, request, status, body: null, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length === 0) {
          const [stored] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, keyed.userId), eq(idempotencyKeys.key, keyed.key)));
          if (stored.createdAt < expiredBefore) {
            // Kept past its 7 days (server/http/sweeps.ts runs now and then): the key is free again.
            await tx
              .update(idempotencyKeys)
              .set({ request, status, body: null, createdAt: now })
              .where(and(eq(idempotencyKeys.userId, keyed.userId), eq(idempotencyKeys.key, keyed.key)));
          } else {
            if (stored.request !== request) throw new HttpError(422, text.idempotencyReused);
            throw new Replay(stored.status, stored.body);
          }
        }
      }
      const data = await run(tx);
      const body = status === 204 ? null : { data };
      if (keyed) {
        await tx
          .update(idempotencyKeys)
          .set({ body: sql`${JSON.stringify(body)}::jsonb` })
          .where(and(eq(idempotencyKeys.userId, keyed.userId), eq(idempotencyKeys.key, keyed.key)));
      }
      return body;
    }));
    // This instance drops them now (read-your-writes); the others when the commit's NOTIFY reaches them.
    for (const villageId of touched) deps.caches?.forgetVillage(villageId);
    return respond(c, status, answer);
  } catch (error) {
    if (error instanceof Replay) {
      c.header('Idempotent-Replayed', 'true');
      return respond(c, error.status, error.body);
    }
    throw error;
  }
}

function respond(c: Context, status: number, body: unknown) {
  if (status === 204) return c.body(null, 204);
  return c.json(body, status as ContentfulStatusCode);
}
