/**
 * Issue 41's village home, in a real Chromium against the real server: a helper who opens the village's link
 * lands on its home, sees whom it helps (her name, the organiser's words), the next open slot and who is in the
 * circle, takes the slot in one tap, and finds the village's name at the top of every village screen; the home
 * then opens with the server gone. Looked at on phones (/tmp/phone-village-home-*.png, /tmp/reflow-*, /tmp/bigtext-*)
 * with no axe-core violation at 360 and 390 px, at 320 px and with the text doubled.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';
const dinnerDay = DateTime.now().setZone('Europe/Paris').plus({ days: 2 });

describe('the village home', () => {
  it('is where a helper lands after joining: the person, the next slot taken in one tap, the circle; and it opens offline', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.home@example.org',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Roy',
    });
    const hugo = await registerUser(app.base, {
      email: 'hugo.home@example.org',
      password: PASSWORD,
      first_name: 'Hugo',
      last_name: 'Bernard',
    });
    const village = await createOpenVillage(app.base, claire.token, {
      first_name: 'Jeanne',
      last_name: 'Roy',
      infos: 'Maman se remet d’une fracture du poignet. Un repas le soir lui ferait du bien.',
    });
    const need = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Dîner',
      schedule: { dtstart: `${dinnerDay.toISODate()}T19:00`, duration_minutes: 60, rrule: null, exdates: [], places: 1 },
    });
    expect(need.status).toBe(201);

    const page = await signedInPage(context, app.base, hugo.token);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.base}/join/village?c=${village.shareCode}&rli=jv`);
    await page.waitForURL(new RegExp(`/dashboard/villages/${village.id}/home$`), { timeout: 30_000 });
    await page.getByText('Bienvenue dans le village de Jeanne !').waitFor();

    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Jeanne Roy' }).waitFor({ timeout: 20_000 });
    await main
      .getByRole('region', { name: 'Le mot de Claire Roy' })
      .getByText(/Maman se remet d’une fracture du poignet/)
      .waitFor();
    const circle = main.getByRole('region', { name: 'Le cercle' });
    await circle.getByText('Hugo Bernard').waitFor();
    expect(await circle.getByRole('listitem').first().textContent()).toContain('Organise le village');
    // The village by its one name, at the top of the screen; the first tab is the home.
    expect(await page.getByRole('banner').getByText('Le village de Jeanne', { exact: true }).isVisible()).toBe(true);
    const tabs = page.getByRole('navigation', { name: /Village/ }).getByRole('link');
    // (A badge may follow a tab's name: "Activité, nouveautés".)
    expect((await tabs.allTextContents()).map((text) => text.split(',')[0])).toEqual([
      'Accueil',
      'Besoins',
      'Planning',
      'Discussion',
      'Activité',
    ]);
    expect(await tabs.first().getAttribute('aria-current')).toBe('page');

    const slots = main.getByRole('region', { name: 'Créneaux à pourvoir' });
    const take = slots.getByRole('button', { name: /^Je m.en occupe\s: Dîner, / });
    await take.waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    await checkPhoneScreen(page, 'village-home', async () => {
      await take.waitFor();
    });

    // One tap, from the keyboard: the slot is Hugo's on the server.
    await take.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () => {
          const helps = (await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}?include=helps`)).body.data.helps as {
            helper_id: string;
            start_date: string;
          }[];
          return helps.map((h) => DateTime.fromISO(h.start_date).setZone('Europe/Paris').toFormat('yyyy-MM-dd HH:mm'));
        },
        { timeout: 20_000 },
      )
      .toEqual([`${dinnerDay.toISODate()} 19:00`]);
    await expect.poll(() => take.count()).toBe(0);

    // Another village screen says where one is too.
    await page.getByRole('link', { name: 'Besoins' }).click();
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor();
    expect(await page.getByRole('banner').getByText('Le village de Jeanne', { exact: true }).isVisible()).toBe(true);

    // The server gone: the worker's shell, the guard and the device's store open the home.
    await app.stop();
    try {
      await page.goto(`${app.base}/dashboard/villages/${village.id}/home`);
      await main.getByRole('heading', { level: 1, name: 'Jeanne Roy' }).waitFor({ timeout: 15_000 });
      await main.getByRole('region', { name: 'Le cercle' }).getByText('Hugo Bernard').waitFor();
      await main.getByText(/Maman se remet d’une fracture du poignet/).waitFor();
      await screenshotToLookAt(page, { path: '/tmp/phone-village-home-offline-390.png', fullPage: true });
    } finally {
      await app.start();
    }
    await page.close();
  }, 180_000);
});
