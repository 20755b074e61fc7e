/**
 * A village's news in a real Chromium against the real server: a helper joins and offers help through the
 * API; the creator's village nav shows the unseen badge; opening the news tells it in French, the badge
 * goes and the server keeps the new check date; with the server gone, the last known news still shows.
 * No axe-core violation at 390 and 1280 px; screenshots in /tmp/village-news-*.png.
 */
import { DateTime } from 'luxon';
import { formatSlotStart } from '../../src/contract/french-time';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

const checkDate = async (token: string, villagerId: string) =>
  (await api(app.base, token, 'GET', `/v1/villagers/${villagerId}`)).body.data.last_check_notif_date as string | null;

describe("a village's news", () => {
  it('lights the badge for news from another member, tells it, and clears the badge once read', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire-news@example.org',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const marc = await registerUser(app.base, {
      email: 'marc-news@example.org',
      password: PASSWORD,
      first_name: 'Marc',
      last_name: 'Petit',
    });
    const village = await createOpenVillage(app.base, claire.token);
    const need = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Courses',
    });
    expect(need.status).toBe(201);
    // Claire has seen everything so far: no badge yet.
    const seen = new Date().toISOString();
    expect((await api(app.base, claire.token, 'POST', `/v1/villagers/${village.villagerId}`, { last_check_notif_date: seen })).status).toBe(
      200,
    );

    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate((t) => localStorage.setItem('ga-token', t), claire.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
    const news = page.getByRole('navigation').getByRole('link', { name: /^Activité/ });
    await news.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await news.textContent()).toBe('Activité');

    // Marc joins and offers his help, on his own device (the API here).
    expect((await api(app.base, marc.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );
    const members = (await api(app.base, marc.token, 'GET', `/v1/villages/${village.id}?include=villagers`)).body.data.villagers as {
      id: string;
      user_id: string;
    }[];
    const marcId = members.find((m) => m.user_id === marc.user.id)!.id;
    const start = DateTime.now().setZone('Europe/Paris').plus({ days: 2 }).set({ hour: 14, minute: 0, second: 0, millisecond: 0 });
    const help = await api(app.base, marc.token, 'POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
      helper_id: marcId,
      start_date: start.toUTC().toISO(),
      end_date: start.plus({ hours: 2 }).toUTC().toISO(),
    });
    expect(help.status).toBe(201);

    // Claire comes back to the app: the nav tells her there is news.
    await page.reload();
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /nouveautés/ })
      .waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    await checkScreen(page, 'badge', 'village-news');

    await page
      .getByRole('navigation')
      .getByRole('link', { name: /nouveautés/ })
      .click();
    await page.getByRole('heading', { name: 'Nouvelles du village' }).waitFor();
    const sentence = `Marc a proposé son aide pour Courses, ${formatSlotStart(start.toISO()!)}`.replace(/\u00a0/g, ' ');
    await page.getByText(sentence).waitFor();
    await page.getByText('Marc a rejoint le village').waitFor();
    await page.getByText('Claire a ajouté le besoin Courses').waitFor();
    await page.getByText('Le village est ouvert').waitFor();
    // The badge goes at once, and the server keeps the new date (the newest action shown).
    await expect.poll(() => news.textContent(), { timeout: 10_000 }).toBe('Activité');
    await expect.poll(() => checkDate(claire.token, village.villagerId), { timeout: 20_000 }).not.toBe(seen);
    expect(Date.parse((await checkDate(claire.token, village.villagerId))!)).toBeGreaterThan(Date.parse(seen));
    await checkScreen(page, 'feed', 'village-news');

    // With the server gone, a fresh start still shows the last known news, and says so.
    await app.stop();
    try {
      await page.goto(`${app.base}/dashboard/villages/${village.id}/notifications`);
      await page.getByText('Hors ligne : dernières nouvelles connues').waitFor({ timeout: 20_000 });
      await page.getByText(sentence).waitFor();
      await screenshotToLookAt(page, { path: '/tmp/village-news-offline-390.png', fullPage: true });
    } finally {
      await app.start();
    }
    await page.close();
  });
});
