import { and, eq, gt, sql } from 'drizzle-orm';
import { VERIFICATION_LINK_DAYS } from '../../src/contract/email-verification';
import type { Executor } from '../db/client';
import { emailVerifications, mailSuppressions } from '../db/schema';
import { queueMail } from '../mail/queue';
import { newToken } from './tokens';

const LINK_TTL_MS = VERIFICATION_LINK_DAYS * 24 * 3600 * 1000;

export interface VerificationRequest {
  userId: string;
  email: string;
  firstName: string;
  /** The write's time: the link's life and the mail's due date start then. */
  now: Date;
  publicUrl: string;
  /** Why the link is sent; the mail's first sentence says it. */
  reason: 'sign_up' | 'change' | 'request';
}

/**
 * A new verification link for an address, in the caller's transaction: its token stored hashed with the
 * address it proves, and its mail queued, so both exist exactly when the write that asked for them does.
 */
export async function queueEmailVerification(tx: Executor, request: VerificationRequest): Promise<void> {
  const { token, hash } = newToken();
  await tx.insert(emailVerifications).values({
    tokenHash: hash,
    userId: request.userId,
    email: request.email,
    expiresAt: new Date(request.now.getTime() + LINK_TTL_MS),
    createdAt: request.now,
  });
  await queueMail(tx, {
    kind: 'email_verification',
    to: request.email,
    userId: request.userId,
    payload: {
      first_name: request.firstName,
      email: request.email,
      link: `${request.publicUrl}/auth/verify-email/${token}`,
      reason: request.reason,
    },
    now: request.now,
  });
}

/**
 * An address its owner has just chosen or proved gets a fresh chance: a hard bounce recorded for it (a
 * mailbox full or closed then) no longer stops its mail.
 */
export const liftSuppression = (tx: Executor, address: string) =>
  tx.delete(mailSuppressions).where(eq(mailSuppressions.address, address.toLowerCase()));

/**
 * After a change of address, in its transaction: the new address gets a link, and a fresh chance if it once
 * bounced (its owner says it works now).
 */
export async function verifyChangedAddress(tx: Executor, request: Omit<VerificationRequest, 'reason'>): Promise<void> {
  await liftSuppression(tx, request.email);
  await queueEmailVerification(tx, { ...request, reason: 'change' });
}

/** The links made for a user since a time (sign-up's included), oldest first: the resend limit counts them. */
export async function linksSince(tx: Executor, userId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: emailVerifications.createdAt })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), gt(emailVerifications.createdAt, since)))
    .orderBy(sql`${emailVerifications.createdAt} asc`);
  return rows.map((row) => row.createdAt);
}
