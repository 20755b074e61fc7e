import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { createInvitations, listInvitations, resendInvitation, withdrawInvitation } from '../../src/contract/endpoints/invitations';
import { INVITATION_RESEND_MS, invitationMessages, type Invitation } from '../../src/contract/invitations';
import type { Deps } from '../deps';
import type { Executor } from '../db/client';
import { invitations, users, villagers } from '../db/schema';
import { HttpError, notFound, text } from '../http/errors';
import { route, type App } from '../http/route';
import { write } from '../http/write';
import { newToken } from '../auth/tokens';
import { villageName } from '../mail/kinds/help-event';
import type { VillageRow, VillagerRow } from '../membership';
import { actingAs, canManage, loadMembership, readMembership } from '../policy';
import { invitationLink } from './invitation-mail';
import { queueInvitationMail } from './invitation-queue';
import { checkInvitationQuota } from './invitation-quota';

type InvitationRow = typeof invitations.$inferSelect;

const serialize = (row: InvitationRow): Invitation => ({
  id: row.id,
  village_id: row.villageId,
  email: row.email,
  message: row.message,
  inviter_id: row.inviterId,
  created_at: row.createdAt.toISOString(),
  last_sent_at: row.lastSentAt.toISOString(),
  accepted_at: row.acceptedAt?.toISOString() ?? null,
});

const pending = () => and(isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt));

/**
 * Invitations by mail: an organiser types addresses, each gets a link that joins the village without the
 * code. Pending ones are listed, mailed again (once an hour at most) or withdrawn. Every sending queues its
 * mail in the write's transaction, with a new token: the previous link still joins by its code.
 */
export function invitationRoutes(app: App, deps: Deps) {
  const ids = { id: text.villageNotFound };

  /**
   * Who invites, as the mail names them: the organiser's first and last names, and their address if it is verified;
   * and their account, which the daily bound counts.
   */
  async function inviterOf(tx: Executor, userId: string) {
    const [row] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return {
      firstName: row?.firstName || 'Un membre du village',
      lastName: row?.firstName ? row.lastName || null : null,
      replyTo: row?.verifiedAt ? row.email : null,
      senderId: userId,
    };
  }

  /** Mails one sending of an invitation, whose link carries `token` (only its hash is stored). */
  function mail(
    tx: Executor,
    village: VillageRow,
    invitation: { id: string; email: string; message: string | null },
    inviter: { firstName: string; lastName: string | null; replyTo: string | null; senderId: string },
    token: string,
    now: Date,
  ) {
    return queueInvitationMail(tx, {
      invitationId: invitation.id,
      to: invitation.email,
      sentAt: now,
      payload: {
        village_id: village.id,
        village_name: villageName(village),
        first_name: village.firstName,
        inviter_first_name: inviter.firstName,
        inviter_last_name: inviter.lastName,
        reply_to: inviter.replyTo,
        message: invitation.message,
        link: invitationLink(deps.publicUrl, village.shareCode, token),
        sender_id: inviter.senderId,
      },
    });
  }

  route(app, createInvitations, { ids }, async (c, { user, params: { id: villageId }, body: input }) =>
    write(c, deps, 201, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      const actor: VillagerRow = actingAs(m, input.inviter_id);
      const now = deps.clock.now();
      const inviter = await inviterOf(tx, user.id);
      // Someone already in the village needs no invitation: skipped, not refused.
      const members = await tx
        .select({ email: users.email })
        .from(villagers)
        .innerJoin(users, eq(users.id, villagers.userId))
        .where(
          and(
            eq(villagers.villageId, villageId),
            eq(villagers.isOut, false),
            eq(villagers.isBan, false),
            inArray(users.email, input.emails),
          ),
        );
      const memberEmails = new Set(members.map((row) => row.email));
      const waiting = await tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.villageId, villageId), inArray(invitations.email, input.emails), pending()));
      const waitingByEmail = new Map(waiting.map((row) => [row.email, row]));
      const sentLately = (row: InvitationRow) => now.getTime() - row.lastSentAt.getTime() < INVITATION_RESEND_MS;
      // The mails this call would queue, all refused when they would pass the day's bound (nothing sent).
      const toMail = input.emails.filter(
        (email) => !memberEmails.has(email) && !(waitingByEmail.has(email) && sentLately(waitingByEmail.get(email)!)),
      );
      await checkInvitationQuota(tx, { userId: user.id, villageId, count: toMail.length, now });

      const answer: Invitation[] = [];
      for (const email of input.emails) {
        if (memberEmails.has(email)) continue;
        const existing = waitingByEmail.get(email);
        if (existing) {
          // Already invited: mailed again unless it went less than an hour ago (then answered as it is).
          if (sentLately(existing)) {
            answer.push(serialize(existing));
            continue;
          }
          const message = input.message ?? existing.message;
          const { token, hash } = newToken();
          const [renewed] = await tx
            .update(invitations)
            .set({ tokenHash: hash, lastSentAt: now, inviterId: actor.id, message })
            .where(eq(invitations.id, existing.id))
            .returning();
          await mail(tx, m.village, renewed, inviter, token, now);
          answer.push(serialize(renewed));
          continue;
        }
        const { token, hash } = newToken();
        const [created] = await tx
          .insert(invitations)
          .values({
            id: uuidv7(),
            villageId,
            inviterId: actor.id,
            email,
            message: input.message,
            tokenHash: hash,
            createdAt: now,
            lastSentAt: now,
          })
          // Invited at the same moment by another request (the pending index): that one mails it.
          .onConflictDoNothing()
          .returning();
        if (!created) continue;
        await mail(tx, m.village, created, inviter, token, now);
        answer.push(serialize(created));
      }
      return answer;
    }),
  );

  route(app, listInvitations, { ids }, async (c, { user, params: { id: villageId }, query }) => {
    canManage(await readMembership(deps, villageId, user.id));
    const shown = query.include === 'accepted' ? isNull(invitations.withdrawnAt) : pending();
    const rows = await deps.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.villageId, villageId), shown))
      // Pending first (nulls first), then who joined, most recent first.
      .orderBy(sql`${invitations.acceptedAt} desc nulls first`, asc(invitations.createdAt), asc(invitations.email));
    return c.json({ data: rows.map(serialize) });
  });

  const withIds = { id: text.villageNotFound, invitationId: invitationMessages.notFound };

  /** The invitation of this village, locked for the write; 404 when it is another village's or unknown. */
  async function findInvitation(tx: Executor, villageId: string, invitationId: string) {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, invitationId), eq(invitations.villageId, villageId)))
      .for('update');
    if (!row) throw notFound(invitationMessages.notFound);
    return row;
  }

  route(app, withdrawInvitation, { ids: withIds }, async (c, { user, params: { id: villageId, invitationId }, query }) =>
    write(c, deps, 204, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      actingAs(m, query.villager_id);
      const row = await findInvitation(tx, villageId, invitationId);
      // Withdrawn or accepted already (from another device): it is no longer pending, which was the point.
      if (row.withdrawnAt || row.acceptedAt) return;
      await tx.update(invitations).set({ withdrawnAt: deps.clock.now() }).where(eq(invitations.id, row.id));
    }),
  );

  route(app, resendInvitation, { ids: withIds }, async (c, { user, params: { id: villageId, invitationId }, body: input }) =>
    write(c, deps, 200, async (tx) => {
      const m = await loadMembership(tx, villageId, user.id);
      canManage(m);
      actingAs(m, input.villager_id);
      const row = await findInvitation(tx, villageId, invitationId);
      if (row.withdrawnAt || row.acceptedAt) throw notFound(invitationMessages.notFound);
      const now = deps.clock.now();
      const wait = INVITATION_RESEND_MS - (now.getTime() - row.lastSentAt.getTime());
      // 409, not 429: it is the invitation's state that refuses (sent less than an hour ago, perhaps from
      // another device), not the caller's pace; a queued resend is then refused for good, with this sentence,
      // instead of holding the person's other queued writes for an hour of retries.
      if (wait > 0) {
        throw new HttpError(409, invitationMessages.resendTooSoon, undefined, { 'Retry-After': String(Math.ceil(wait / 1000)) });
      }
      await checkInvitationQuota(tx, { userId: user.id, villageId, count: 1, now });
      const { token, hash } = newToken();
      const [sent] = await tx.update(invitations).set({ tokenHash: hash, lastSentAt: now }).where(eq(invitations.id, row.id)).returning();
      await mail(tx, m.village, sent, await inviterOf(tx, user.id), token, now);
      return serialize(sent);
    }),
  );
}
