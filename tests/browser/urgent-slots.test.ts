/**
 * Issue 42's urgent slots, in a real Chromium against the real server: an organiser whose village has a slot
 * still open within its horizon (3 days by default) sees it marked « Urgent » on the village home and on the
 * planning, in words (a screen reader hears what it means), on a 390 px phone (/tmp/urgent-slots-*.png).
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
const dinnerDay = DateTime.now().setZone('Europe/Paris').plus({ days: 1 });

describe('urgent slots', () => {
  it('are marked « Urgent » for an organiser on the village home and the planning', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.urgent@example.org',
      password: 'motdepasse-solide-1',
      first_name: 'Claire',
      last_name: 'Roy',
    });
    const village = await createOpenVillage(app.base, claire.token, { first_name: 'Jeanne', last_name: 'Roy' });
    // Tomorrow's dinner (inside the 3 days) and one in ten days (outside).
    const need = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Dîner',
      schedule: {
        dtstart: `${dinnerDay.toISODate()}T19:00`,
        duration_minutes: 60,
        rrule: 'FREQ=DAILY;INTERVAL=9;COUNT=2',
        exdates: [],
        places: 1,
      },
    });
    expect(need.status, JSON.stringify(need.body)).toBe(201);

    const page = await signedInPage(context, app.base, claire.token);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.base}/dashboard/villages/${village.id}/home`);
    const slots = page.getByRole('main').getByRole('region', { name: 'Créneaux à pourvoir' });
    await slots
      .getByRole('button', { name: /^Je m.en occupe : Dîner, / })
      .first()
      .waitFor({ timeout: 30_000 });
    const items = slots.getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2);
    expect(await items.nth(0).textContent()).toContain('Urgent\u00a0: encore sans personne dans les 3 jours qui viennent');
    expect(await items.nth(1).textContent()).not.toContain('Urgent');
    await screenshotToLookAt(page, { path: '/tmp/urgent-slots-home.png', fullPage: true });

    await page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    await page.getByRole('heading', { level: 1, name: 'Planning' }).waitFor({ timeout: 20_000 });
    // Tomorrow may be next week (today a Sunday).
    if (dinnerDay.weekday === 1) await page.getByRole('button', { name: 'Période suivante' }).click();
    const urgent = page.locator('.day-slot .urgent-badge');
    await urgent.first().waitFor({ timeout: 20_000 });
    expect(await urgent.count()).toBe(1);
    await screenshotToLookAt(page, { path: '/tmp/urgent-slots-planning.png', fullPage: true });
  });
});
