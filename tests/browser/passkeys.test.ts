/**
 * Passkeys in a real Chromium against the real server, at 390 px, through Chromium's virtual authenticator (the
 * DevTools protocol's WebAuthn domain): a signed-out visitor opens a join link, joins with a name and an e-mail,
 * lands in the village, makes a passkey from the offer there, signs out, and comes back with the passkey in one
 * tap. Mon compte lists the passkey and removes it. No accessibility violation (axe-core) on the screens met.
 * Screenshots go to /tmp/passkeys-*.png to be looked at.
 */

import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, PHONE } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();

describe('passkeys', () => {
  it('join with an e-mail, make a passkey from the offer, sign out, come back with it; Mon compte removes it', async () => {
    const owner = await registerUser(app.base, {
      email: 'marie.passkey@example.test',
      password: 'motdepasse-solide-1',
      first_name: 'Marie',
      last_name: 'Durand',
    });
    const village = await createOpenVillage(app.base, owner.token, { first_name: 'Jeanne', last_name: 'Roy' });

    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    // A phone with a fingerprint reader that says yes: the prompt answers by itself.
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${app.base}/join/village?c=${village.shareCode}&rli=jv`);
    await page.getByRole('heading', { level: 1, name: 'Rejoindre avec mon e-mail' }).waitFor();
    await page.getByLabel('Prénom').fill('Paul');
    await page.getByLabel('Nom', { exact: true }).fill('Petit');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('paul.passkey@example.test');
    await page.getByRole('button', { name: 'Rejoindre le village' }).click();
    await page.waitForURL(new RegExp(`/dashboard/villages/${village.id}/`), { timeout: 30_000 });

    // Inside the village, the offer to come back in one gesture.
    const offer = page.getByRole('region', { name: 'Revenir en un geste' });
    await offer.waitFor();
    await screenshotToLookAt(page, { path: '/tmp/passkeys-offer-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: "Créer une clé d'accès" }).click();
    await page.getByText("Clé d'accès créée : vous pourrez vous reconnecter en un geste.").waitFor();
    await expect.poll(() => offer.count()).toBe(0);
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    const token = await page.evaluate(() => localStorage.getItem('ga-token'));
    const kept = await api(app.base, token!, 'GET', '/v1/users/me/passkeys');
    expect(kept.body.data).toHaveLength(1);

    // Mon compte lists it; signing out, then the passkey brings the person back.
    await page.goto(`${app.base}/account`);
    const section = page.getByRole('region', { name: "Clés d'accès" });
    await section.getByText(kept.body.data[0].name, { exact: true }).waitFor();
    await screenshotToLookAt(page, { path: '/tmp/passkeys-account-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/auth\/login/);
    const back = page.getByRole('button', { name: "Se connecter avec une clé d'accès" });
    await back.waitFor();
    await screenshotToLookAt(page, { path: '/tmp/passkeys-login-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await back.click();
    await page.waitForURL(/\/dashboard\/villages/, { timeout: 30_000 });
    const again = await page.evaluate(() => localStorage.getItem('ga-token'));
    expect(again).toBeTruthy();
    expect(again).not.toBe(token);
    const me = await api(app.base, again!, 'GET', '/v1/users/me');
    expect(me.body.data).toMatchObject({ email: 'paul.passkey@example.test', has_password: false });
    // Once made, the offer does not come back.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Revenir en un geste' }).count()).toBe(0);

    // Removed from Mon compte, it no longer signs in.
    await page.goto(`${app.base}/account`);
    await page
      .getByRole('button', { name: /^Supprimer la clé/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer la clé' }).click();
    await expect.poll(async () => (await api(app.base, again!, 'GET', '/v1/users/me/passkeys')).body.data.length).toBe(0);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/auth\/login/);
    await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
    await page.getByText("Cette clé d'accès n'est pas reconnue").waitFor();
    expect(page.url()).toContain('/auth/login');
    await page.close();
  });
});
