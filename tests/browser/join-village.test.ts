/**
 * Joining by link in a real Chromium against the real server: a signed-out visitor opens the join link,
 * creates an account from the login page, and lands in the village without typing the code; the villages
 * list and the base layout's side menu (a drawer on phones, a column on desktops), with no accessibility
 * violation (axe-core) at either width. Screenshots go to /tmp/village-join-*.png to be looked at.
 */

import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, checkScreen } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';

describe('joining a village by its link', () => {
  it('a visitor signs up from the link and lands in the village, then finds it in their list', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.join@example.test',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Martin',
    });
    const village = await createOpenVillage(app.base, claire.token, { first_name: 'Jeanne', last_name: 'Roy' });
    await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Promener le chien',
    });

    const page = await context.newPage();
    const link = `${app.base}/join/village?c=${village.shareCode}&rli=jv`;
    await page.goto(link);
    await page.waitForURL(/\/auth\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/join/village?c=${village.shareCode}&rli=jv`);
    // Before any account, the page says where the link leads.
    await page.getByRole('region', { name: 'Vous êtes invité·e à rejoindre « Le village de Jeanne »' }).waitFor();
    await page.getByText("Un village d'entraide autour de Jeanne.", { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.waitForURL(/\/auth\/register\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/join/village?c=${village.shareCode}&rli=jv`);
    await page.getByRole('region', { name: /Vous êtes invité·e à rejoindre/ }).waitFor();
    await screenshotToLookAt(page, { path: '/tmp/join-preview-register-390.png', fullPage: true });

    await page.getByLabel('Prénom').fill('Hugo');
    await page.getByLabel('Nom', { exact: true }).fill('Bernard');
    await page.getByLabel('Email').fill('hugo.join@example.test');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await page.waitForURL(new RegExp(`/dashboard/villages/${village.id}/home$`));
    await page.getByText('Bienvenue dans le village de Jeanne !').waitFor();

    await page.goto(`${app.base}/dashboard/villages`);
    const card = page.getByRole('article', { name: 'Le village de Jeanne' });
    await card.waitFor();
    await card.getByText('Village ouvert').waitFor();
    await card.getByText("Aucune aide aujourd'hui").waitFor();
    await card.getByText('1 besoin sans aide prévue').waitFor();
    await checkScreen(page, 'villages', 'village-join');

    // The same link again: already a member, straight to the village.
    await page.goto(link);
    await page.waitForURL(new RegExp(`/dashboard/villages/${village.id}/home$`));
    await page.close();
  });

  it("says the server's no for an unknown code, and the side menu works as a drawer and as a column", async () => {
    const olga = await registerUser(app.base, {
      email: 'olga.join@example.test',
      password: PASSWORD,
      first_name: 'Olga',
      last_name: 'Petit',
    });
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate((t) => localStorage.setItem('ga-token', t), olga.token);
    await page.goto(`${app.base}/join/village?c=ZZZZ9999&rli=jv`);
    await page.getByRole('alert').getByText('Aucun village ne correspond à ce code.').waitFor();
    await page.getByRole('link', { name: 'Retour à mes villages' }).waitFor();
    await checkScreen(page, 'unknown-code', 'village-join');

    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByText('Bonjour').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect((await drawer.boundingBox())?.x).toBe(0);
    await screenshotToLookAt(page, { path: '/tmp/village-join-drawer-390.png' });
    expect(await axeViolations(page)).toEqual([]);
    // Focus stays in the drawer.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');

    await page.setViewportSize({ width: 1280, height: 800 });
    const column = page.getByRole('complementary', { name: 'Menu' });
    await column.getByRole('link', { name: 'Rejoindre un village' }).waitFor();
    expect(await toggle.isVisible()).toBe(false);
    await column.getByRole('link', { name: 'Mes villages' }).click();
    await page.waitForURL(/\/dashboard\/villages$/);
    await page.close();
  });
});
