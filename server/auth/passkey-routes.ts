import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { v7 as uuidv7 } from 'uuid';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removePasskey,
  signInWithPasskey,
} from '../../src/contract/endpoints/passkeys';
import { MAX_PASSKEYS, passkeyTexts, type Passkey } from '../../src/contract/passkeys';
import type { AppEnv, Deps } from '../deps';
import { passkeyChallenges, passkeys, sessions, users } from '../db/schema';
import { HttpError, conflict, notFound } from '../http/errors';
import { clientAddress } from '../http/client-address';
import { createRateLimiter, defaultRateLimits } from '../http/rate-limit';
import { publicRoute, route, type App } from '../http/route';
import type { Serializers } from '../serialize';
import { newToken } from './tokens';
import { passkeyName } from './passkey-name';

/** Long enough to find one's phone and unlock it; a challenge is used once anyway. */
const CHALLENGE_TTL_MS = 5 * 60_000;

const serializePasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn) through SimpleWebAuthn: several per account, listed and removable in Mon compte, and a
 * sign-in in one tap (README, "Auth: the ways in"). The relying party is the app's own address (`PUBLIC_URL`):
 * a passkey made here works only here. A passkey proves the device, not the address: it verifies nothing.
 */
export function passkeyRoutes(app: App, deps: Deps, serialize: Serializers) {
  const { origin, hostname: rpID } = new URL(deps.publicUrl);
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const limiter = createRateLimiter(() => deps.clock.now().getTime());
  // The anonymous calls each make a row or a signature check: counted per address as the password sign-in is.
  const countAddress = (key: string) => ({
    before: (c: Context<AppEnv>) => limiter.hit(`${key}:${clientAddress(c)}`, limits.loginPerAddress),
  });

  /** Keeps a challenge for the ceremony it opens, clearing the expired ones (so the table stays small). */
  const keepChallenge = async (challenge: string, userId: string | null) => {
    const now = deps.clock.now();
    await deps.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
    await deps.db.insert(passkeyChallenges).values({ challenge, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  };

  /** Uses up the challenge the browser signed, if it is one handed out to this caller and still valid. */
  const claimChallenge = async (challenge: string, userId: string | null) => {
    const claimed = await deps.db
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.challenge, challenge),
          userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
          gt(passkeyChallenges.expiresAt, deps.clock.now()),
        ),
      )
      .returning({ challenge: passkeyChallenges.challenge });
    return claimed.length === 1;
  };

  const countOf = async (userId: string) => {
    const [row] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    return row.n;
  };

  route(app, passkeyRegistrationOptions, async (c, { user }) => {
    const [owner] = await deps.db.select().from(users).where(eq(users.id, user.id));
    const existing = await deps.db.select().from(passkeys).where(eq(passkeys.userId, user.id)).limit(MAX_PASSKEYS);
    if (existing.length >= MAX_PASSKEYS) throw conflict(passkeyTexts.tooMany);
    const options = await generateRegistrationOptions({
      rpName: 'Village',
      rpID,
      userName: owner.email,
      userDisplayName: `${owner.firstName} ${owner.lastName}`,
      userID: new TextEncoder().encode(owner.id),
      attestationType: 'none',
      // The authenticator refuses to make a second passkey for this account where it already holds one.
      excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
      // Discoverable, so that signing in needs no e-mail typed first.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await keepChallenge(options.challenge, user.id);
    return c.json({ data: options });
  });

  route(app, addPasskey, async (c, { user, body }) => {
    let knownChallenge = false;
    const verification = await verifyRegistrationResponse({
      response: { ...body.response, clientExtensionResults: {} },
      expectedChallenge: async (challenge) => (knownChallenge = await claimChallenge(challenge, user.id)),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!knownChallenge) throw new HttpError(400, passkeyTexts.expired);
    if (!verification?.verified) throw new HttpError(400, passkeyTexts.notVerified);
    if ((await countOf(user.id)) >= MAX_PASSKEYS) throw conflict(passkeyTexts.tooMany);
    const { credential } = verification.registrationInfo;
    const [created] = await deps.db
      .insert(passkeys)
      .values({
        id: uuidv7(),
        credentialId: credential.id,
        userId: user.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: passkeyName(c.req.header('user-agent')),
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!created) throw conflict(passkeyTexts.alreadyAdded);
    return c.json({ data: serializePasskey(created) }, 201);
  });

  route(app, listPasskeys, async (c, { user }) => {
    const rows = await deps.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, user.id))
      .orderBy(desc(passkeys.createdAt))
      .limit(MAX_PASSKEYS);
    return c.json({ data: rows.map(serializePasskey) });
  });

  route(app, removePasskey, { ids: { passkeyId: passkeyTexts.notFound } }, async (c, { user, params }) => {
    const removed = await deps.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, params.passkeyId), eq(passkeys.userId, user.id)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw notFound(passkeyTexts.notFound);
    return c.body(null, 204);
  });

  publicRoute(app, passkeySignInOptions, countAddress('passkey-options'), async (c) => {
    // No list of allowed credentials: the browser offers the passkeys it holds for this site, and the person picks one.
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
    await keepChallenge(options.challenge, null);
    return c.json({ data: options });
  });

  publicRoute(app, signInWithPasskey, countAddress('passkey'), async (c, { body }) => {
    const [key] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, body.response.id)).limit(1);
    if (!key) throw new HttpError(400, passkeyTexts.unknown);
    let knownChallenge = false;
    const verification = await verifyAuthenticationResponse({
      response: { ...body.response, clientExtensionResults: {} },
      expectedChallenge: async (challenge) => (knownChallenge = await claimChallenge(challenge, null)),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports as never,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!knownChallenge) throw new HttpError(400, passkeyTexts.expired);
    if (!verification?.verified) throw new HttpError(400, passkeyTexts.notVerified);
    const now = deps.clock.now();
    const session = newToken();
    const user = await deps.db.transaction(async (tx) => {
      await tx
        .update(passkeys)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
        .where(eq(passkeys.id, key.id));
      await tx.insert(sessions).values({ tokenHash: session.hash, userId: key.userId, createdAt: now, lastUsedAt: now });
      const [owner] = await tx.select().from(users).where(eq(users.id, key.userId));
      return owner;
    });
    return c.json({ data: { token: session.token, user: serialize.user(user) } });
  });
}
