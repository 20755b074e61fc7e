import { readAudience } from '../needs/need-audience';
import { issueMyCalendar, revokeMyCalendar } from '../../src/contract/endpoints/calendar';
import { calendarFile, issueVillageCalendar, revokeVillageCalendar } from '../../src/contract/endpoints/calendar';
import type { Deps } from '../deps';
import { hashToken } from '../auth/tokens';
import { notFound, text } from '../http/errors';
import { publicRoute, route, type App } from '../http/route';
import { write } from '../http/write';
import { canRead, isActive, readMembership } from '../policy';
import { feedUrl, findLiveFeed, issueFeed, revokeFeeds, type FeedOwner, type FeedRow } from './feeds';
import { userEvents, villageEvents } from './feed-events';
import { writeCalendar } from './icalendar';

const FEED_NOT_FOUND = "Ce calendrier n'existe pas ou son adresse a été révoquée.";
const FEED_FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

/**
 * Calendar subscriptions. A user has one private address of the slots they took; each active member
 * may also have their own address of a village's planning (any member, not only its managers: they
 * all read the planning in the app already). A village address is tied to the member who made it and
 * stops answering as soon as they leave or are banned, so no one has to remember to revoke it.
 */
export function calendarRoutes(app: App, deps: Deps) {
  /**
   * POST issues a new address every time and revokes the previous one: the token is kept hashed, so
   * the old address cannot be shown again. Not run through write(): an Idempotency-Key would store the
   * answer, and with it the secret address, in clear for a week.
   */
  const issue = async (owner: FeedOwner) => {
    const token = await deps.db.transaction((tx) => issueFeed(tx, owner, deps.clock.now()));
    return { data: { url: feedUrl(deps.publicUrl, token) } };
  };

  route(app, issueMyCalendar, async (c, { user }) => {
    return c.json(await issue({ kind: 'user', userId: user.id }), 201);
  });

  route(app, revokeMyCalendar, (c, { user }) => {
    return write(c, deps, 204, (tx) => revokeFeeds(tx, { kind: 'user', userId: user.id }, deps.clock.now()));
  });

  const ids = { id: text.villageNotFound };

  route(app, issueVillageCalendar, { ids }, async (c, { user, params: { id: villageId } }) => {
    canRead(await readMembership(deps, villageId, user.id));
    return c.json(await issue({ kind: 'village', userId: user.id, villageId }), 201);
  });

  // Revoking one's own address stays possible after leaving the village: it only ever removes access.
  route(app, revokeVillageCalendar, { ids }, async (c, { user, params: { id: villageId } }) => {
    await readMembership(deps, villageId, user.id);
    return write(c, deps, 204, (tx) => revokeFeeds(tx, { kind: 'village', userId: user.id, villageId }, deps.clock.now()));
  });

  // No Authorization header: calendar apps cannot send one. The token in the address is the credential.
  publicRoute(app, calendarFile, async (c, { params }) => {
    const match = params.file.match(FEED_FILE);
    const feed = match ? await findLiveFeed(deps.db, hashToken(match[1])) : null;
    if (!feed) throw notFound(FEED_NOT_FOUND);
    const body = await render(feed);
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="village.ics"',
      // The address is a secret: no shared cache keeps it, and each refresh asks again.
      'Cache-Control': 'private, no-cache',
      'Referrer-Policy': 'no-referrer',
    });
  });

  async function render(feed: FeedRow) {
    const now = deps.clock.now();
    if (feed.kind === 'user') {
      const events = await userEvents(deps.db, deps.publicUrl, feed.userId, now);
      return writeCalendar({ name: 'Mes créneaux d’entraide', stamp: now, events });
    }
    const villageId = feed.villageId!;
    const membership = await readMembership(deps, villageId, feed.userId).catch(() => null);
    if (!membership || !isActive(membership.villager)) throw notFound(FEED_NOT_FOUND);
    const village = membership.village;
    const audience = await readAudience(deps.db, villageId, membership.villager, now);
    const events = await villageEvents(deps.db, deps.publicUrl, village, audience, now);
    return writeCalendar({ name: `Planning — ${village.name ?? 'village'}`, stamp: now, events });
  }
}
