import { checkInDevice } from '../../src/contract/endpoints/devices';
import type { Deps } from '../deps';
import { route, type App } from '../http/route';
import { checkIn } from './check-in';
import { keepDeviceCookie } from './device-cookie';

/**
 * This device's record of what it has not sent yet, so that a wipe of its local store is told to the person
 * when they sign in again (docs/api-decisions.md, "Eviction noticed").
 */
export function deviceRoutes(app: App, deps: Deps) {
  route(app, checkInDevice, async (c, { user, body }) => {
    const deviceHash = keepDeviceCookie(c, deps);
    const answer = await deps.db.transaction((tx) => checkIn(tx, deviceHash, user.id, body, deps.clock.now()));
    return c.json({ data: answer });
  });
}
