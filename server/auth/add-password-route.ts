import { and, eq, isNull } from 'drizzle-orm';
import { addPassword } from '../../src/contract/endpoints/users';
import type { Deps } from '../deps';
import { users } from '../db/schema';
import { conflict, text } from '../http/errors';
import { route, type App } from '../http/route';
import { hashPassword } from './passwords';

/**
 * A first password for an account joined with a name and an e-mail only. Its session is the proof, as there is
 * no current password to give; an account that has one changes it through the mailed reset link instead.
 */
export function addPasswordRoute(app: App, deps: Deps) {
  route(app, addPassword, async (c, { user, body: input }) => {
    const passwordHash = await hashPassword(input.new_password, deps.passwordCost);
    // Only while there is none: a password set meanwhile (another tab, a reset) is never overwritten this way.
    const set = await deps.db
      .update(users)
      .set({ passwordHash, updatedAt: deps.clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (set.length === 0) throw conflict(text.passwordAlreadySet);
    return c.body(null, 204);
  });
}
