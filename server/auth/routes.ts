import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { v7 as uuidv7 } from 'uuid';
import { changePassword, checkResetToken, register, requestPasswordReset } from '../../src/contract/endpoints/auth';
import { logIn, logOut } from '../../src/contract/endpoints/sessions';
import type { Deps } from '../deps';
import { resetTokens, sessions, users } from '../db/schema';
import { HttpError, invalid, text } from '../http/errors';
import { publicRoute, route, type App } from '../http/route';
import { clientAddress } from '../http/client-address';
import { defaultRateLimits, createRateLimiter } from '../http/rate-limit';
import type { Serializers } from '../serialize';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { hashToken, newToken } from './tokens';
import { queueMail } from '../mail/queue';
import { announceRevocation } from './revoke';
import { queueEmailVerification } from './verify-email-token';
import { createSignInThrottle, defaultSignInRules } from './sign-in-throttle';
import { deviceHashOf } from '../devices/device-cookie';
import { markSignedOut } from '../devices/check-in';

const RESET_TOKEN_TTL_MS = 3600 * 1000;
const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';
const BAD_RESET_TOKEN = text.badResetToken;
const EMAIL_TAKEN = text.emailTaken;

/** Accounts and sessions: register, sign in and out, reset a forgotten password. */
export function authRoutes(app: App, deps: Deps, serialize: Serializers) {
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const limiter = createRateLimiter(() => deps.clock.now().getTime());
  const signIn = createSignInThrottle(deps.db, () => deps.clock.now(), { ...defaultSignInRules, ...deps.signInRules });

  const openSession = async (userId: string) => {
    const { token, hash } = newToken();
    const now = deps.clock.now();
    await deps.db.insert(sessions).values({ tokenHash: hash, userId, createdAt: now, lastUsedAt: now });
    return token;
  };

  // Every attempt from an address counts, even one whose body is then refused.
  const countAddress = { before: (c: Context) => limiter.hit(`register:${clientAddress(c)}`, limits.registerPerAddress) };

  publicRoute(app, register, countAddress, async (c, { body: input }) => {
    limiter.hit(`register-email:${input.email}`, limits.registerPerEmail);
    // No password: an account joined with a name and an e-mail (README, Auth); no password can open it.
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password, deps.passwordCost);
    const now = deps.clock.now();
    // The account and its verification link together: the mail exists exactly when the account does.
    const user = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          id: uuidv7(),
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!created) throw invalid([{ field: 'email', message: EMAIL_TAKEN }]);
      await queueEmailVerification(tx, {
        userId: created.id,
        email: created.email,
        firstName: created.firstName,
        now,
        publicUrl: deps.publicUrl,
        reason: 'sign_up',
      });
      return created;
    });
    const token = await openSession(user.id);
    return c.json({ data: { token, user: serialize.user(user) } }, 201);
  });

  publicRoute(app, logIn, async (c, { body: input }) => {
    // Slowed per address from this source and per source, never locked from anywhere: the owner elsewhere gets in.
    const attempt = await signIn.attempt(input.email, clientAddress(c));
    const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    // An account without a password answers as a wrong password does, after the same work: nothing is revealed.
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash(deps.passwordCost)));
    if (!user?.passwordHash || !ok) throw new HttpError(400, WRONG_CREDENTIALS);
    await attempt.succeeded();
    const token = await openSession(user.id);
    return c.json({ data: { token, user: serialize.user(user) } });
  });

  route(app, logOut, async (c, { user }) => {
    await deps.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.tokenHash, user.sessionHash));
      const device = deviceHashOf(c);
      if (device) await markSignedOut(tx, device, user.id);
      await announceRevocation(deps, tx, { token_hash: user.sessionHash });
    });
    return c.body(null, 204);
  });

  publicRoute(app, requestPasswordReset, async (c, { body: input }) => {
    limiter.hit(`reset:${clientAddress(c)}`, limits.resetPerAddress);
    limiter.hit(`reset-email:${input.email}`, limits.resetPerEmail);
    const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    // The answer is the same whether the account exists or not: nobody learns who has one.
    if (user) {
      const { token, hash } = newToken();
      const now = deps.clock.now();
      // The token and its mail together: the mail is sent (and retried) by the mail dispatcher after the commit.
      await deps.db.transaction(async (tx) => {
        await tx.insert(resetTokens).values({ tokenHash: hash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
        await queueMail(tx, {
          kind: 'password_reset',
          to: user.email,
          userId: user.id,
          payload: { first_name: user.firstName, link: `${deps.publicUrl}/auth/reset-password/${token}` },
          now,
        });
      });
    }
    return c.body(null, 204);
  });

  const findResetToken = async (token: string) => {
    const [row] = await deps.db
      .select()
      .from(resetTokens)
      .where(and(eq(resetTokens.tokenHash, hashToken(token)), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, deps.clock.now())))
      .limit(1);
    return row;
  };

  publicRoute(app, checkResetToken, async (c, { body: input }) => {
    if (!(await findResetToken(input.token))) throw new HttpError(400, BAD_RESET_TOKEN);
    return c.body(null, 204);
  });

  publicRoute(app, changePassword, async (c, { user: caller, body: input }) => {
    const row = await findResetToken(input.token);
    if (!row) throw new HttpError(400, BAD_RESET_TOKEN);
    const passwordHash = await hashPassword(input.new_password, deps.passwordCost);
    await deps.db.transaction(async (tx) => {
      const used = await tx
        .update(resetTokens)
        .set({ usedAt: deps.clock.now() })
        .where(and(eq(resetTokens.tokenHash, row.tokenHash), isNull(resetTokens.usedAt)))
        .returning();
      if (used.length === 0) throw new HttpError(400, BAD_RESET_TOKEN);
      await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, row.userId));
      // Whoever knew the old password is signed out everywhere; the caller's own session, if any, stays.
      const keep = caller?.id === row.userId ? caller.sessionHash : '';
      await tx.delete(sessions).where(and(eq(sessions.userId, row.userId), ne(sessions.tokenHash, keep)));
      await announceRevocation(deps, tx, { user_id: row.userId });
    });
    return c.body(null, 204);
  });
}
