import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { verifyEmail } from '../../src/contract/endpoints/auth';
import { sendEmailVerification } from '../../src/contract/endpoints/users';
import { alreadyVerified, verificationLinkInvalid, verificationMailTooSoon } from '../../src/contract/email-verification';
import type { AppEnv, Deps } from '../deps';
import { emailVerifications, users } from '../db/schema';
import { conflict, HttpError, notFound, text } from '../http/errors';
import { clientAddress } from '../http/client-address';
import { createRateLimiter, type RateLimit } from '../http/rate-limit';
import { publicRoute, route, type App } from '../http/route';
import { hashToken } from './tokens';
import { markAddressVerified } from './address-verified';
import { liftSuppression, linksSince, queueEmailVerification } from './verify-email-token';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// As many tries as a sign-in from one address: a token has 256 bits, the limit only keeps scanners slow.
const VERIFY_PER_ADDRESS: RateLimit = { max: 30, windowMs: 15 * MINUTE };
// A new link once a minute (a mail takes that long to arrive), five an hour: enough for a lost mail, too few
// to flood an inbox. Counted from the links stored, sign-up's included, so every instance counts the same.
const RESEND_GAP_MS = MINUTE;
const RESENDS_PER_HOUR = 5;

/** Verifying an address with its mailed link, and asking for a new link. */
export function verifyEmailRoutes(app: App, deps: Deps) {
  const limiter = createRateLimiter(() => deps.clock.now().getTime());
  const countAddress = { before: (c: Context<AppEnv>) => limiter.hit(`verify-email:${clientAddress(c)}`, VERIFY_PER_ADDRESS) };

  publicRoute(app, verifyEmail, countAddress, async (c, { body }) => {
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // Used up first, and only while unused: two clicks at once verify once, the second answers 410.
      const [link] = await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerifications.tokenHash, hashToken(body.token)),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, now),
          ),
        )
        .returning();
      const [owner] = link ? await tx.select().from(users).where(eq(users.id, link.userId)).for('update') : [];
      // A link mailed to a former address proves nothing about the current one (the throw rolls the use back).
      if (!link || !owner || owner.email !== link.email) throw new HttpError(410, verificationLinkInvalid);
      // With its confirmations caught up and its invitations accepted (once: only when it flips).
      await markAddressVerified(tx, owner.id, now);
      await liftSuppression(tx, link.email);
    });
    return c.body(null, 204);
  });

  route(app, sendEmailVerification, async (c, { user }) => {
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // The row lock makes two requests at once count each other's link.
      const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!row) throw notFound(text.userNotFound);
      if (row.emailVerifiedAt) throw conflict(alreadyVerified);
      const wait = resendWait(await linksSince(tx, user.id, new Date(now.getTime() - HOUR)), now);
      if (wait > 0) throw new HttpError(429, verificationMailTooSoon, undefined, { 'Retry-After': String(Math.ceil(wait / 1000)) });
      await queueEmailVerification(tx, {
        userId: row.id,
        email: row.email,
        firstName: row.firstName,
        now,
        publicUrl: deps.publicUrl,
        reason: 'request',
      });
    });
    return c.body(null, 204);
  });
}

/** How long before another link may be sent, given those of the last hour (oldest first); 0: now. */
function resendWait(recent: Date[], now: Date): number {
  const last = recent.at(-1);
  const sinceLast = last ? last.getTime() + RESEND_GAP_MS - now.getTime() : 0;
  const hourFull = recent.length >= RESENDS_PER_HOUR ? recent[recent.length - RESENDS_PER_HOUR].getTime() + HOUR - now.getTime() : 0;
  return Math.max(0, sinceLast, hourFull);
}
