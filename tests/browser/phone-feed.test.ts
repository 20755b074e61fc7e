/**
 * Issue 18, item 3, in a real Chromium against the real server at 360 and 390 px: Alice's own actions never
 * light the "Nouvelles" badge nor read "Nouveau", and her three saves of the village's details read as one
 * line; Bruno joining is news. Screenshots /tmp/phone-feed-*.png.
 */
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

describe('the feed tells me about others', () => {
  it("keeps Alice's own actions out of the badge and the news, and reads her repeated saves as one line", async () => {
    const alice = await registerUser(app.base, {
      email: 'alice-phone-feed@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Moreau',
    });
    const bruno = await registerUser(app.base, {
      email: 'bruno-phone-feed@example.org',
      password: PASSWORD,
      first_name: 'Bruno',
      last_name: 'Lefèvre',
    });
    const village = await createOpenVillage(app.base, alice.token);
    for (const infos of ['Sonner deux fois', 'Sonner deux fois, code 1234', 'Code 1234, 2e étage']) {
      expect(
        (await api(app.base, alice.token, 'PUT', `/v1/villages/${village.id}`, { updater_id: village.villagerId, infos })).status,
      ).toBe(200);
    }
    expect(
      (await api(app.base, alice.token, 'POST', `/v1/villages/${village.id}/needs`, { villager_id: village.villagerId, name: 'Courses' }))
        .status,
    ).toBe(201);

    // Everything in the feed is Alice's (or the opening of her village, seen when she opened it): no badge.
    const page = await signedInPage(context, app.base, alice.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
    const news = page.getByRole('navigation').getByRole('link', { name: /^Activité/ });
    await news.waitFor();
    await page.waitForLoadState('networkidle');

    await news.click();
    await page.getByRole('heading', { name: 'Nouvelles du village' }).waitFor();
    const lines = page.locator('.feed-item');
    const updated = lines.filter({ hasText: 'Alice a mis à jour les informations du village' });
    await updated.waitFor();
    // Three saves a few seconds apart: one line, that says how many.
    expect(await updated.count()).toBe(1);
    expect(await updated.locator('.feed-meta').textContent()).toContain('3 fois');
    // Created, opened, saved, added a need: all hers, none new.
    const sentences = await page.locator('.feed-sentence').evaluateAll((els) => els.map((el) => el.textContent!.trim()));
    expect(sentences).toEqual([
      'Alice a ajouté le besoin Courses',
      'Alice a mis à jour les informations du village',
      'Le village est ouvert',
      'Alice a terminé la création du village',
      'Alice a créé le village',
    ]);
    expect(await page.locator('.feed-item.is-new').count()).toBe(0);

    // Bruno joins from his own phone: that is news, on the tab and in the feed.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Besoins/ })
      .click();
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await news.textContent()).toBe('Activité');
    expect((await api(app.base, bruno.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );
    await page.reload();
    const lit = page.getByRole('navigation').getByRole('link', { name: /^Activité.*nouveautés/ });
    await lit.waitFor({ timeout: 20_000 });
    await checkPhoneScreen(page, 'feed-badge');

    await lit.click();
    await page.getByRole('heading', { name: 'Nouvelles du village' }).waitFor();
    await page.locator('.feed-item.is-new').filter({ hasText: 'Bruno a rejoint le village' }).waitFor();
    expect(await page.locator('.feed-item.is-new').count()).toBe(1);
    await checkPhoneScreen(page, 'feed', async () => {
      // The line fits the phone: no sideways scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
    await expect.poll(() => news.textContent(), { timeout: 10_000 }).toBe('Activité');
    await page.close();
  });
});
