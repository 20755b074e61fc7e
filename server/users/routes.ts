import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { UpdateUserInput } from '../../src/contract';
import type { AppEnv, Deps } from '../deps';
import type { Tx } from '../db/client';
import { users, villagers } from '../db/schema';
import { forbidden, invalid, notFound, text } from '../http/errors';
import { body, pathId } from '../http/validate';
import { requireUser } from '../http/authenticate';
import { write } from '../http/write';
import { recordAction, touchVillage } from '../actions/record';
import { processPhoto, readPhotoForm } from '../photos/process-photo';
import { replacePhoto } from '../photos/replace-photo';
import type { Serializers } from '../serialize';
import { announceRevocation } from '../auth/revoke';

const EMAIL_TAKEN = 'Un compte existe déjà avec cet email';

export function userRoutes(deps: Deps, serialize: Serializers) {
  const app = new Hono<AppEnv>();

  /** Every village whose cached copy shows this user (name, photo) must be refreshed when they change. */
  const touchVillagesOf = async (tx: Tx, userId: string) => {
    const rows = await tx.select({ villageId: villagers.villageId }).from(villagers).where(eq(villagers.userId, userId));
    for (const row of rows) await touchVillage(tx, row.villageId, deps.clock.now());
  };

  const self = (c: Context<AppEnv>) => {
    const user = requireUser(c);
    const id = pathId(c, 'id', text.userNotFound);
    if (id !== user.id) throw forbidden(text.onlyYourself);
    return user;
  };

  app.get('/me', async (c) => {
    const user = requireUser(c);
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    if (!row) throw notFound(text.userNotFound);
    return c.json({ data: serialize.user(row) });
  });

  app.put('/:id', async (c) => {
    const user = self(c);
    const input = await body(c, UpdateUserInput);
    return write(c, deps, 200, async (tx) => {
      if (input.email) {
        const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
        if (other && other.id !== user.id) throw invalid([{ field: 'email', message: EMAIL_TAKEN }]);
      }
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone,
          analyticsConsent: input.analytics_consent,
          updatedAt: deps.clock.now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      await touchVillagesOf(tx, user.id);
      return serialize.user(row);
    });
  });

  app.post('/:id/photo', async (c) => {
    const user = self(c);
    const { photo } = await readPhotoForm(c);
    const processed = await processPhoto(photo);
    return replacePhoto(deps.files, processed, (replaced) =>
      write(c, deps, 200, async (tx) => {
        const [before] = await tx.select({ photoKey: users.photoKey }).from(users).where(eq(users.id, user.id));
        const [row] = await tx
          .update(users)
          .set({ photoKey: processed.key, updatedAt: deps.clock.now() })
          .where(eq(users.id, user.id))
          .returning();
        await touchVillagesOf(tx, user.id);
        replaced(before?.photoKey ?? null);
        return serialize.user(row);
      }),
    );
  });

  app.delete('/:id', async (c) => {
    const user = self(c);
    let photoKey: string | null = null;
    const response = await write(c, deps, 204, async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx.select().from(users).where(eq(users.id, user.id));
      photoKey = row?.photoKey ?? null;
      const memberships = await tx
        .update(villagers)
        .set({ isOut: true })
        .where(and(eq(villagers.userId, user.id), eq(villagers.isOut, false)))
        .returning();
      for (const m of memberships) {
        await recordAction(
          tx,
          { villageId: m.villageId, villagerId: m.id, type: 'villager_left', data: { first_name: row?.firstName ?? null, account_deleted: true } },
          now,
        );
      }
      await touchVillagesOf(tx, user.id);
      // Villages stay for the others; the villager rows stay (out, no longer linked) for their history.
      await tx.delete(users).where(eq(users.id, user.id));
      await announceRevocation(deps, tx, { user_id: user.id });
    });
    if (photoKey) await deps.files.remove(photoKey);
    return response;
  });

  return app;
}
