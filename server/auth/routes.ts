import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { v7 as uuidv7 } from 'uuid';
import {
  ChangePasswordInput,
  CheckResetTokenInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../src/contract';
import type { AppEnv, Deps } from '../deps';
import { resetTokens, sessions, users } from '../db/schema';
import { HttpError, invalid } from '../http/errors';
import { body } from '../http/validate';
import { requireUser } from '../http/authenticate';
import { clientAddress } from '../http/client-address';
import { defaultRateLimits, createRateLimiter } from '../http/rate-limit';
import type { Serializers } from '../serialize';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { hashToken, newToken } from './tokens';
import { resetPasswordMail } from './reset-mail';
import { announceRevocation } from './revoke';

const RESET_TOKEN_TTL_MS = 3600 * 1000;
const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';
const BAD_RESET_TOKEN = "Ce lien de réinitialisation n'est plus valide. Veuillez en demander un nouveau.";
const EMAIL_TAKEN = 'Un compte existe déjà avec cet email';

export function authRoutes(deps: Deps, serialize: Serializers) {
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const limiter = createRateLimiter(() => deps.clock.now().getTime());
  const app = new Hono<AppEnv>();

  const openSession = async (userId: string) => {
    const { token, hash } = newToken();
    const now = deps.clock.now();
    await deps.db.insert(sessions).values({ tokenHash: hash, userId, createdAt: now, lastUsedAt: now });
    return token;
  };

  app.post('/register', async (c) => {
    limiter.hit(`register:${clientAddress(c)}`, limits.registerPerAddress);
    const input = await body(c, RegisterInput);
    limiter.hit(`register-email:${input.email}`, limits.registerPerEmail);
    const passwordHash = await hashPassword(input.password);
    const now = deps.clock.now();
    const [user] = await deps.db
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
    if (!user) throw invalid([{ field: 'email', message: EMAIL_TAKEN }]);
    const token = await openSession(user.id);
    return c.json({ data: { token, user: serialize.user(user) } }, 201);
  });

  app.post('/login', async (c) => {
    const input = await body(c, LoginInput);
    limiter.hit(`login:${clientAddress(c)}`, limits.loginPerAddress);
    limiter.hit(`login-email:${input.email}`, limits.loginPerEmail);
    const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) throw new HttpError(400, WRONG_CREDENTIALS);
    const token = await openSession(user.id);
    return c.json({ data: { token, user: serialize.user(user) } });
  });

  app.post('/logout', async (c) => {
    const user = requireUser(c);
    await deps.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.tokenHash, user.sessionHash));
      await announceRevocation(deps, tx, { token_hash: user.sessionHash });
    });
    return c.body(null, 204);
  });

  app.post('/reset-password', async (c) => {
    const input = await body(c, ResetPasswordInput);
    limiter.hit(`reset:${clientAddress(c)}`, limits.resetPerAddress);
    limiter.hit(`reset-email:${input.email}`, limits.resetPerEmail);
    const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    // The answer is the same whether the account exists or not: nobody learns who has one.
    if (user) {
      const { token, hash } = newToken();
      await deps.db
        .insert(resetTokens)
        .values({ tokenHash: hash, userId: user.id, expiresAt: new Date(deps.clock.now().getTime() + RESET_TOKEN_TTL_MS) });
      const link = `${deps.publicUrl}/auth/reset-password/${token}`;
      try {
        await deps.mail.send(resetPasswordMail(user.email, user.firstName, link));
      } catch (error) {
        deps.logger.error({ err: error }, 'reset password mail failed');
      }
    }
    return c.body(null, 204);
  });

  const findResetToken = async (token: string) => {
    const [row] = await deps.db
      .select()
      .from(resetTokens)
      .where(
        and(
          eq(resetTokens.tokenHash, hashToken(token)),
          isNull(resetTokens.usedAt),
          gt(resetTokens.expiresAt, deps.clock.now()),
        ),
      )
      .limit(1);
    return row;
  };

  app.post('/check-reset-password-token', async (c) => {
    const input = await body(c, CheckResetTokenInput);
    if (!(await findResetToken(input.token))) throw new HttpError(400, BAD_RESET_TOKEN);
    return c.body(null, 204);
  });

  app.put('/change-password', async (c) => {
    const input = await body(c, ChangePasswordInput);
    const row = await findResetToken(input.token);
    if (!row) throw new HttpError(400, BAD_RESET_TOKEN);
    const passwordHash = await hashPassword(input.new_password);
    const caller = c.get('user');
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

  return app;
}
