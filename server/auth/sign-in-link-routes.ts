import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { redeemSignInLink, requestSignInLink } from '../../src/contract/endpoints/sign-in-links';
import { SIGN_IN_LINK_MINUTES, signInLinkInvalid } from '../../src/contract/sign-in-link';
import type { AppEnv, Deps } from '../deps';
import { sessions, signInLinks, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { clientAddress } from '../http/client-address';
import { createRateLimiter, defaultRateLimits } from '../http/rate-limit';
import { publicRoute, type App } from '../http/route';
import type { Serializers } from '../serialize';
import { queueMail } from '../mail/queue';
import { markAddressVerified } from './address-verified';
import { hashToken, newToken } from './tokens';
import { liftSuppression } from './verify-email-token';

const LINK_TTL_MS = SIGN_IN_LINK_MINUTES * 60_000;

/** Signing in by a link mailed to the account's address (README, "Auth: the ways in"). */
export function signInLinkRoutes(app: App, deps: Deps, serialize: Serializers) {
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const limiter = createRateLimiter(() => deps.clock.now().getTime());
  // A token has 256 bits: the limit only keeps scanners slow, as for the other anonymous calls.
  const countAddress = { before: (c: Context<AppEnv>) => limiter.hit(`sign-in-link-redeem:${clientAddress(c)}`, limits.loginPerAddress) };

  publicRoute(app, requestSignInLink, async (c, { body: input }) => {
    // The password reset's limits, counted apart: a link is a mail to an inbox just as a reset is.
    limiter.hit(`sign-in-link:${clientAddress(c)}`, limits.resetPerAddress);
    limiter.hit(`sign-in-link-email:${input.email}`, limits.resetPerEmail);
    // A token is made (and hashed) whether the account exists or not: the answer takes the same work either way.
    const { token, hash } = newToken();
    const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (user) {
      const now = deps.clock.now();
      const query = input.redirect ? `?redirect=${encodeURIComponent(input.redirect)}` : '';
      // The link and its mail together: the dispatcher sends (and retries) it after the commit.
      await deps.db.transaction(async (tx) => {
        await tx.insert(signInLinks).values({
          tokenHash: hash,
          userId: user.id,
          email: user.email,
          expiresAt: new Date(now.getTime() + LINK_TTL_MS),
          createdAt: now,
        });
        await queueMail(tx, {
          kind: 'sign_in_link',
          to: user.email,
          userId: user.id,
          payload: { first_name: user.firstName, link: `${deps.publicUrl}/auth/link/${token}${query}` },
          now,
        });
      });
    }
    return c.body(null, 204);
  });

  publicRoute(app, redeemSignInLink, countAddress, async (c, { body }) => {
    const now = deps.clock.now();
    const session = newToken();
    const user = await deps.db.transaction(async (tx) => {
      // Used up first, and only while unused: two clicks at once sign in once, the second answers 410.
      const [link] = await tx
        .update(signInLinks)
        .set({ usedAt: now })
        .where(and(eq(signInLinks.tokenHash, hashToken(body.token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
        .returning();
      const [owner] = link ? await tx.select().from(users).where(eq(users.id, link.userId)).for('update') : [];
      // A link mailed to a former address opens nothing (the throw rolls the use back).
      if (!link || !owner || owner.email !== link.email) throw new HttpError(410, signInLinkInvalid);
      // Following the link proves the address, as the verification link does.
      await markAddressVerified(tx, owner.id, now);
      await liftSuppression(tx, link.email);
      await tx.insert(sessions).values({ tokenHash: session.hash, userId: owner.id, createdAt: now, lastUsedAt: now });
      const [fresh] = await tx.select().from(users).where(eq(users.id, owner.id));
      return fresh;
    });
    return c.json({ data: { token: session.token, user: serialize.user(user) } });
  });
}
