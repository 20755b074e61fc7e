import { exportMyData, exportVillage } from '../../src/contract/endpoints/exports';
import type { Deps } from '../deps';
import { userEvents } from '../calendar/feed-events';
import { writeCalendar } from '../calendar/icalendar';
import { text } from '../http/errors';
import { createRateLimiter, type RateLimit } from '../http/rate-limit';
import { route, type App } from '../http/route';
import { canManage, readMembership } from '../policy';
import { USER_README, userData } from './user-export';
import { myDataPage } from './user-pages';
import { villageData } from './village-export';
import { VILLAGE_README, villagePages } from './village-pages';
import { zipAnswer, zipFiles } from './zip';

/** An export reads a whole account or village: a few an hour per person is plenty, and keeps one person from tying up the server. */
export const EXPORTS_PER_USER: RateLimit = { max: 5, windowMs: 60 * 60_000 };

/** The GDPR export of one's own data (issue 43), and a village's archive for its organisers. */
export function exportRoutes(app: App, deps: Deps) {
  const limiter = createRateLimiter(() => deps.clock.now().getTime());

  route(app, exportMyData, async (c, { user }) => {
    limiter.hit(`export:${user.id}`, EXPORTS_PER_USER);
    const now = deps.clock.now();
    const data = await userData(deps.db, user.id, now);
    const events = await userEvents(deps.db, deps.publicUrl, user.id, now);
    const zip = zipFiles({
      'donnees.json': JSON.stringify(data, null, 2),
      'creneaux.ics': writeCalendar({ name: 'Mes créneaux d’entraide', stamp: now, events }),
      ...myDataPage(data, now),
      'LISEZ-MOI.txt': USER_README,
    });
    return zipAnswer(c, zip, 'mes-donnees-village.zip');
  });

  route(app, exportVillage, { ids: { id: text.villageNotFound } }, async (c, { user, params: { id: villageId } }) => {
    const membership = await readMembership(deps, villageId, user.id);
    canManage(membership);
    limiter.hit(`export:${user.id}`, EXPORTS_PER_USER);
    const now = deps.clock.now();
    const { data, photoFiles } = await villageData(deps.db, deps.files, membership.village, now);
    const zip = zipFiles({
      'village.json': JSON.stringify(data, null, 2),
      ...villagePages(data, now),
      'LISEZ-MOI.txt': VILLAGE_README,
      ...photoFiles,
    });
    return zipAnswer(c, zip, 'archive-du-village.zip');
  });
}
