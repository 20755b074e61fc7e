/**
 * Joining with a name and an e-mail in a real Chromium against the real server, at 390 px: a signed-out visitor
 * opens the join link, is offered « Rejoindre avec mon e-mail » first, gives a name and an address (no password)
 * and lands in the village; Mon compte then offers « Ajouter un mot de passe ». No accessibility violation
 * (axe-core). Screenshots go to /tmp/join-with-email-*.png to be looked at.
 */

import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, PHONE } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();

describe('joining a village with a name and an e-mail', () => {
  it('a visitor joins from the link with no password, lands in the village, then adds a password', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.email-join@example.test',
      password: 'motdepasse-solide-1',
      first_name: 'Claire',
      last_name: 'Martin',
    });
    const village = await createOpenVillage(app.base, claire.token, { first_name: 'Jeanne', last_name: 'Roy' });

    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    const link = `${app.base}/join/village?c=${village.shareCode}&rli=jv`;
    await page.goto(link);
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByRole('region', { name: /Vous êtes invité·e à rejoindre/ }).waitFor();
    // Joining by e-mail leads; signing in is beside it.
    await page.getByRole('heading', { level: 1, name: 'Rejoindre avec mon e-mail' }).waitFor();
    await page.getByRole('button', { name: "J'ai déjà un compte" }).waitFor();
    expect(await page.getByLabel('Mot de passe').count()).toBe(0);
    await screenshotToLookAt(page, { path: '/tmp/join-with-email-form-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // A mistake is said at its field, in French.
    await page.getByRole('button', { name: 'Rejoindre le village' }).click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('first_name');
    expect(await page.getByLabel('Prénom').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Ce champ est requis').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: the fields in order, then the button.
    await page.keyboard.type('Hugo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bernard');
    await page.keyboard.press('Tab');
    await page.keyboard.type('hugo.email-join@example.test');
    await page.keyboard.press('Enter');

    await page.waitForURL(new RegExp(`/dashboard/villages/${village.id}/home$`), { timeout: 30_000 });
    await page.getByText('Bienvenue dans le village de Jeanne !').waitFor();
    // The village's screen comes in a render after its header and tabs (src/routes/_dashboard.dashboard.villages.$id.tsx).
    await page.getByRole('heading', { level: 1, name: /Jeanne/ }).waitFor();
    await screenshotToLookAt(page, { path: '/tmp/join-with-email-village-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The server has a member with no password.
    const token = await page.evaluate(() => localStorage.getItem('ga-token'));
    const me = await api(app.base, token!, 'GET', '/v1/users/me');
    expect(me.body.data).toMatchObject({ first_name: 'Hugo', last_name: 'Bernard', has_password: false });
    const members = await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}?include=villagers,villagers.user`);
    expect(JSON.stringify(members.body)).toContain('Bernard');

    // Mon compte offers to add one.
    await page.goto(`${app.base}/account`);
    await page.getByRole('button', { name: 'Ajouter un mot de passe' }).click();
    await page.getByLabel('Mot de passe', { exact: true }).fill('un-mot-de-passe-neuf');
    await page.getByLabel('Confirmez le mot de passe').fill('un-mot-de-passe-neuf');
    await screenshotToLookAt(page, { path: '/tmp/join-with-email-account-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Votre mot de passe a bien été enregistré.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Ajouter un mot de passe' }).count()).toBe(0);
    const login = await fetch(`${app.base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'hugo.email-join@example.test', password: 'un-mot-de-passe-neuf' }),
    });
    expect(login.status).toBe(200);
    await page.close();
  });
});
