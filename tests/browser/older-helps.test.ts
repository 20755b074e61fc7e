/**
 * A village with a history: the app pulls the helps of the last 90 days and ahead, without a copy of their
 * need in each help, and reads older ones when asked (the need's past list) or shown (the planning, months
 * back). The past helps are written straight into the
 * server's database between two runs of it, since the API takes no help in the past.
 */
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/open';
import { helps } from '../../server/db/schema';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';

const app = await startApp();
const { context } = await openBrowser();
const DAY = 24 * 3600_000;

describe('the helps of a village with a history', () => {
  it('pulls the recent ones lean, shows the older ones a page at a time on the need’s past list and on the planning months back', async () => {
    const jeanne = await registerUser(app.base, {
      email: 'jeanne.histoire@example.org',
      password: 'motdepasse-solide-1',
      first_name: 'Jeanne',
      last_name: 'Martin',
    });
    const village = await createOpenVillage(app.base, jeanne.token);
    const need = (
      await api(app.base, jeanne.token, 'POST', `/v1/villages/${village.id}/needs`, { villager_id: village.villagerId, name: 'Courses' })
    ).body.data;
    const visit = (
      await api(app.base, jeanne.token, 'POST', `/v1/villages/${village.id}/needs`, {
        villager_id: village.villagerId,
        name: 'Visite du dimanche',
      })
    ).body.data;
    const startOf = (daysAgo: number) => DateTime.now().setZone('Europe/Paris').startOf('day').minus({ days: daysAgo }).set({ hour: 10 });
    const past = [30, 100, 150, 200].map((daysAgo) => ({ daysAgo, id: uuidv7(), start: startOf(daysAgo), needId: need.id as string }));
    // Another need's help, in a month of its own: the planning reads it when that month is shown.
    const longAgo = { daysAgo: 260, id: uuidv7(), start: startOf(260), needId: visit.id as string };

    await app.stop();
    const database = await openPglite({ dataDir: join(app.dataDir, 'pglite') });
    await database.db.insert(helps).values(
      [...past, longAgo].map((p) => ({
        id: p.id,
        villageId: village.id,
        villageNeedId: p.needId,
        helperId: village.villagerId,
        startDate: p.start.toJSDate(),
        endDate: p.start.plus({ hours: 1 }).toJSDate(),
        comment: `Il y a ${p.daysAgo} jours`,
      })),
    );
    await database.close();
    await app.start();

    const page = await signedInPage(context, app.base, jeanne.token);
    const pulls: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/v1/villages/${village.id}`) pulls.push(url);
    });
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs/${need.id}/helps`);
    const pastList = page.getByRole('region', { name: 'Passées' });
    await pastList.getByText('Il y a 30 jours').waitFor({ timeout: 30_000 });
    expect(pulls.length).toBeGreaterThan(0);
    expect(pulls[0].searchParams.get('include')).toBe('photo,needs,villagers,villagers.user,villagers.user.photo,helps');
    expect(pulls[0].searchParams.get('helps_from')).toBe(new Date(Date.now() - 90 * DAY).toISOString().slice(0, 10));
    expect(await pastList.getByText(/Il y a (100|150|200) jours/).count()).toBe(0);

    await pastList.getByRole('button', { name: 'Afficher les aides plus anciennes' }).click();
    await expect
      .poll(() => pastList.getByText(/Il y a \d+ jours/).allTextContents(), { timeout: 15_000 })
      .toEqual(past.map((p) => `Il y a ${p.daysAgo} jours`));
    await expect.poll(() => pastList.getByRole('status').textContent()).toBe('Toutes les aides passées sont affichées.');
    expect(await pastList.getByRole('button', { name: 'Afficher les aides plus anciennes' }).count()).toBe(0);
    await checkScreen(page, 'older-helps', 'helps');

    // The planning, months back: the month of the visit 260 days ago is read when shown.
    const helpReads: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/v1/villages/${village.id}/helps`) helpReads.push(url);
    });
    await page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    await page.getByRole('heading', { name: 'Planning' }).waitFor({ timeout: 30_000 });
    await page.getByRole('group', { name: 'Affichage' }).getByRole('button', { name: 'Mois' }).click();
    const now = DateTime.now().setZone('Europe/Paris');
    const monthsBack = now.year * 12 + now.month - (longAgo.start.year * 12 + longAgo.start.month);
    for (let i = 0; i < monthsBack; i++) await page.getByRole('button', { name: 'Période précédente' }).click();
    // Undated needs are listed under the month with the count of its helps: the visit's, read from the server.
    await page.getByText('1 aide sur cette période').waitFor({ timeout: 15_000 });
    expect(helpReads.some((url) => url.searchParams.get('from') !== null)).toBe(true);
    await checkScreen(page, 'planning-months-back', 'helps');

    // Kept on the device: offline, a reload still shows them.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs/${need.id}/helps`);
    await pastList.getByText('Il y a 200 jours').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    await app.stop();
    await page.reload();
    await pastList.getByText('Il y a 200 jours').waitFor({ timeout: 30_000 });
    await app.start();
  }, 180_000);
});
