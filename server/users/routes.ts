import { and, eq } from 'drizzle-orm';
import { deleteUser, getMe, updateUser, uploadUserPhoto } from '../../src/contract/endpoints/users';
import type { Deps } from '../deps';
import type { Tx } from '../db/client';
import { users, villagers } from '../db/schema';
import { invalid, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { recordAction, touchVillage } from '../actions/record';
import { processPhoto, readPhotoForm } from '../photos/process-photo';
import { replacePhoto } from '../photos/replace-photo';
import type { Serializers } from '../serialize';
import { announceRevocation } from '../auth/revoke';
import { verifyChangedAddress } from '../auth/verify-email-token';
import { ownAccountOnly } from './own-account';
import { releasedJobs, releaseFutureHelps } from '../villagers/release-helps';
import { queueMail } from '../mail/queue';
import { checkedPhone } from '../http/checked-phone';
import { addressChangeQuota } from './address-change-quota';

/** One's own account: read, changed, its photo, deleted. */
export function userRoutes(app: App, deps: Deps, serialize: Serializers) {
  const addressChanges = addressChangeQuota(() => deps.clock.now().getTime());

  /** Every village whose cached copy shows this user (name, photo) must be refreshed when they change. */
  const touchVillagesOf = async (tx: Tx, userId: string) => {
    const rows = await tx.select({ villageId: villagers.villageId }).from(villagers).where(eq(villagers.userId, userId));
    for (const row of rows) await touchVillage(tx, row.villageId, deps.clock.now());
  };

  route(app, getMe, async (c, { user }) => {
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    if (!row) throw notFound(text.userNotFound);
    return c.json({ data: serialize.user(row) });
  });

  route(app, updateUser, ownAccountOnly, async (c, { user, body: input }) => {
    const phone = checkedPhone(input.phone);
    return write(c, deps, 200, async (tx) => {
      let newAddress = false;
      let formerAddress: string | undefined;
      if (input.email) {
        const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
        // A new address is a try, bounded before anything is said about it: taken or free answer alike then.
        if (other?.id !== user.id) await addressChanges.check(tx, user.id, deps.clock.now());
        if (other && other.id !== user.id) {
          addressChanges.refused(user.id);
          throw invalid([{ field: 'email', message: text.emailTaken }]);
        }
        newAddress = !other;
        if (newAddress) [{ email: formerAddress }] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      }
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone,
          analyticsConsent: input.analytics_consent,
          // A new address is unproven until its owner opens the link mailed to it.
          ...(newAddress ? { emailVerifiedAt: null } : {}),
          updatedAt: deps.clock.now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (newAddress) {
        await verifyChangedAddress(tx, {
          userId: row.id,
          email: row.email,
          firstName: row.firstName,
          now: deps.clock.now(),
          publicUrl: deps.publicUrl,
        });
        // The former address hears of it, with the way back if it was not its owner (no userId: it must go there).
        await queueMail(tx, {
          kind: 'address_changed',
          to: formerAddress!,
          payload: { first_name: row.firstName, new_email: row.email, reset_link: `${deps.publicUrl}/auth/reset-password` },
          now: deps.clock.now(),
        });
      }
      await touchVillagesOf(tx, user.id);
      return serialize.user(row);
    });
  });

  route(app, uploadUserPhoto, ownAccountOnly, async (c, { user }) => {
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

  route(app, deleteUser, ownAccountOnly, async (c, { user }) => {
    let photoKey: string | null = null;
    const response = await write(c, deps, 204, async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx.select().from(users).where(eq(users.id, user.id));
      photoKey = row?.photoKey ?? null;
      const memberships = await tx
        .update(villagers)
        .set({ isOut: true, isManager: false })
        .where(and(eq(villagers.userId, user.id), eq(villagers.isOut, false)))
        .returning();
      const firstName = row?.firstName ?? null;
      for (const m of memberships) {
        // Their future helps go back to the village (a banned member's went at the ban), the organisers told.
        const released = await releaseFutureHelps(tx, m.id, now);
        const who = { villagerId: m.id, firstName, actorId: m.id, reason: 'account_deleted' as const };
        await recordAction(
          tx,
          {
            villageId: m.villageId,
            villagerId: m.id,
            type: 'villager_left',
            data: { first_name: firstName, released, account_deleted: true },
          },
          now,
          releasedJobs(m.villageId, who, released, now),
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
}
