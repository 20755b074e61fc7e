import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { emailVerifications, invitations, resetTokens, signInLinks } from '../db/schema';
import { WITHDRAWN_INVITATION_MS } from '../../src/contract/retention';
import { newToken } from '../auth/tokens';
import { sweepStale } from './sweeps';
import { createWorld } from '../test/world';

const world = await createWorld();
const MINUTE = 60_000;

describe('the sweep of mailed one-time links', () => {
  it('forgets the reset, verification and sign-in links past their life, keeps those still valid', async () => {
    const u = await world.user('Odile');
    const now = world.clock.now().getTime();
    const [oldReset, liveReset, oldCheck, liveCheck, oldLink, liveLink] = Array.from({ length: 6 }, () => newToken().hash);
    const at = (offset: number) => new Date(now + offset);
    await world.db.insert(resetTokens).values([
      { tokenHash: oldReset, userId: u.id, expiresAt: at(-MINUTE) },
      { tokenHash: liveReset, userId: u.id, expiresAt: at(MINUTE) },
    ]);
    await world.db.insert(emailVerifications).values([
      { tokenHash: oldCheck, userId: u.id, email: u.email, expiresAt: at(-MINUTE) },
      { tokenHash: liveCheck, userId: u.id, email: u.email, expiresAt: at(MINUTE) },
    ]);
    await world.db.insert(signInLinks).values([
      { tokenHash: oldLink, userId: u.id, email: u.email, expiresAt: at(-MINUTE) },
      { tokenHash: liveLink, userId: u.id, email: u.email, expiresAt: at(MINUTE) },
    ]);

    await sweepStale(world.deps, world.clock.now());

    const hashes = async (rows: Promise<{ tokenHash: string }[]>) => (await rows).map((r) => r.tokenHash);
    expect(await hashes(world.db.select().from(resetTokens).where(eq(resetTokens.userId, u.id)))).toEqual([liveReset]);
    expect(await hashes(world.db.select().from(emailVerifications).where(eq(emailVerifications.userId, u.id)))).toEqual([liveCheck]);
    expect(await hashes(world.db.select().from(signInLinks).where(eq(signInLinks.userId, u.id)))).toEqual([liveLink]);
  });

  it('forgets an invitation withdrawn past its month, with its address; keeps a recent one and a pending one', async () => {
    const creator = await world.user('Paule');
    const village = await world.village(creator, { state: 3 });
    const now = world.clock.now().getTime();
    const invite = (email: string, withdrawnAt: Date | null) => ({
      id: uuidv7(),
      villageId: village.id,
      inviterId: village.creatorVillagerId,
      email,
      tokenHash: newToken().hash,
      lastSentAt: new Date(now - WITHDRAWN_INVITATION_MS - 60_000),
      withdrawnAt,
    });
    await world.db
      .insert(invitations)
      .values([
        invite('ancienne@exemple.fr', new Date(now - WITHDRAWN_INVITATION_MS - 60_000)),
        invite('recente@exemple.fr', new Date(now - WITHDRAWN_INVITATION_MS + 60_000)),
        invite('attendue@exemple.fr', null),
      ]);

    await sweepStale(world.deps, world.clock.now());

    const left = await world.db.select().from(invitations).where(eq(invitations.villageId, village.id));
    expect(left.map((r) => r.email).sort()).toEqual(['attendue@exemple.fr', 'recente@exemple.fr']);
  });
});
