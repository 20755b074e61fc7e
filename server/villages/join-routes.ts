import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { VILLAGE_STATE } from '../../src/contract';
import { joinVillage, previewJoin } from '../../src/contract/endpoints/villages';
import type { Deps } from '../deps';
import { villagers, villages } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { publicRoute, route, type App } from '../http/route';
import { clientAddress } from '../http/client-address';
import { createRateLimiter, defaultRateLimits } from '../http/rate-limit';
import { write } from '../http/write';
import { recordAction } from '../actions/record';
import type { Serializers } from '../serialize';
import { acceptInvitations, invitationProvesAddress, inviterFirstName } from '../invitations/accept';
import { markAddressVerified } from '../auth/address-verified';
import { refuseIfClosed } from './closed-guard';

const NOT_OPEN = "Ce village n'est pas encore ouvert. Réessayez quand la personne qui l'a créé l'aura validé.";
const BANNED = 'Vous avez été retiré de ce village\u00a0: vous ne pouvez pas le rejoindre.';
const UNKNOWN_CODE = 'Aucun village ne correspond à ce code.';

/**
 * `PUT /v1/villages/join/helper`: joins with a share code. Joining again changes nothing (200, the same
 * villager); someone who left comes back; someone banned stays out.
 */
export function joinRoutes(app: App, deps: Deps, serialize: Serializers) {
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const limiter = createRateLimiter(() => deps.clock.now().getTime());

  /**
   * `GET /v1/villages/join/preview?c=`: where a join link leads, for a visitor not signed in yet. Only an open
   * village answers, and only its name, the first name of the person it is for and its photo; counted per
   * address like sign-in, so codes cannot be guessed through it.
   */
  publicRoute(app, previewJoin, async (c, { query }) => {
    limiter.hit(`join-preview:${clientAddress(c)}`, limits.loginPerAddress);
    const [village] = await deps.db.select().from(villages).where(eq(villages.shareCode, query.c));
    if (!village || village.state !== VILLAGE_STATE.started) throw notFound(UNKNOWN_CODE);
    const { name, first_name, photo } = serialize.village(village);
    // An invitation's link (`i`) names who invites, when it is still pending for this village.
    const invitation = query.i === undefined ? {} : { inviter_first_name: await inviterFirstName(deps.db, village.id, query.i) };
    return c.json({ data: { village_name: name, first_name, photo, ...invitation } });
  });

  route(app, joinVillage, async (c, { user, body: input }) => {
    const [village] = await deps.db.select().from(villages).where(eq(villages.shareCode, input.share_code));
    if (!village) throw notFound(UNKNOWN_CODE);
    if (village.state !== VILLAGE_STATE.started) throw conflict(NOT_OPEN);
    refuseIfClosed(village);
    const [existing] = await deps.db
      .select()
      .from(villagers)
      .where(and(eq(villagers.villageId, village.id), eq(villagers.userId, user.id)));
    if (existing?.isBan) throw forbidden(BANNED);
    if (existing && !existing.isOut) {
      // A member who joined by the code, then opens their invitation's mail: its link still proves the address.
      const invitation = { villageId: village.id, userId: user.id, token: input.invitation_token };
      if (invitation.token)
        await deps.db.transaction(async (tx) => {
          if (await invitationProvesAddress(tx, invitation)) await markAddressVerified(tx, user.id, deps.clock.now());
        });
      return c.json({ data: serialize.villager(existing) }, 200);
    }
    return write(c, deps, existing ? 200 : 201, async (tx) => {
      const now = deps.clock.now();
      const [villager] = existing
        ? await tx.update(villagers).set({ isOut: false }).where(eq(villagers.id, existing.id)).returning()
        : await tx
            .insert(villagers)
            .values({ id: uuidv7(), villageId: village.id, userId: user.id, createdAt: now })
            .onConflictDoUpdate({ target: [villagers.villageId, villagers.userId], set: { isOut: false } })
            .returning();
      await recordAction(tx, { villageId: village.id, villagerId: villager.id, type: 'villager_joined' }, now);
      const invitation = { villageId: village.id, userId: user.id, token: input.invitation_token };
      // Read before accepting it; verifying after, once the villager exists, so its catch-up sees this village.
      const proven = await invitationProvesAddress(tx, invitation);
      await acceptInvitations(tx, { ...invitation, now });
      if (proven) await markAddressVerified(tx, user.id, now);
      return serialize.villager(villager);
    });
  });
}
