/**
 * Signing in by a mailed link in a real Chromium against the real server: asked for from the login page (its
 * `redirect` kept), the link of the mail written to DATA_DIR/mail signs in and goes back there with the address
 * verified; opened again, it says in French that it has served. Offline, the link page says it needs the
 * network and signs in once it is back. Screenshots go to /tmp/village-link-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, registerUser, startApp } from './harness';
import { checkScreen } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';
const USED = 'Ce lien de connexion a déjà servi ou a expiré. Demandez-en un nouveau.';
const OFFLINE = "Ce lien a besoin d'une connexion : réessayez quand le réseau sera revenu.";

/** A mail as text: quoted-printable soft breaks joined and its bytes decoded. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The sign-in link of the last mail written for this address. */
async function signInLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await app.mails())
          .map(decoded)
          .filter((m) => m.includes(`To: ${address}`) && m.includes('/auth/link/'))
          .at(-1);
        link = mail?.match(/https?:\/\/\S+\/auth\/link\/[A-Za-z0-9_-]+(\?redirect=[^\s"<]+)?/)?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Asks for a link from the login page, as a person would. */
async function askFromLogin(page: Page, address: string, redirect?: string) {
  await page.goto(`${app.base}/auth/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await page.getByRole('link', { name: 'Recevoir un lien de connexion par e-mail' }).click();
  await page.waitForURL(/\/auth\/link/);
  // Its own screen first: the login screen, shown until the new screen's code has come, has an Email field too.
  await page.getByRole('heading', { name: 'Connexion par e-mail' }).waitFor();
  await page.getByLabel('Email').fill(address);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await page
    .getByRole('status')
    .getByText("Si un compte existe pour cette adresse, un lien de connexion vient d'y être envoyé. Il est valable 20 minutes.")
    .waitFor();
}

/** A navigation inside the app, as the router's history sees a back/forward: no page load. */
async function navigateInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, href);
}

describe('signing in by a mailed link', () => {
  it('asked for from the login page, the link signs in, verifies the address and goes back; opened again, it has served', async () => {
    await registerUser(app.base, { email: 'lina.link@example.test', password: PASSWORD, first_name: 'Lina', last_name: 'Roux' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate(() => localStorage.removeItem('ga-token'));

    await page.goto(`${app.base}/auth/login?redirect=${encodeURIComponent('/account')}`);
    await page.getByRole('link', { name: 'Recevoir un lien de connexion par e-mail' }).click();
    await page.getByRole('button', { name: 'Envoyer le lien' }).waitFor();
    await checkScreen(page, 'ask', 'village-link');
    await askFromLogin(page, 'lina.link@example.test', '/account');
    await checkScreen(page, 'sent', 'village-link');

    const link = await signInLink('lina.link@example.test');
    expect(link.startsWith(`${app.base}/auth/link/`)).toBe(true);
    expect(link).toContain(`?redirect=${encodeURIComponent('/account')}`);
    await page.goto(link);
    await page.waitForURL(/\/account$/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await page.getByText('lina.link@example.test').waitFor();
    // Following the link proved the address: no notice asks to verify it.
    expect(await page.getByRole('region', { name: 'Adresse e-mail à vérifier' }).count()).toBe(0);

    await page.goto(link);
    await page.getByRole('alert').getByText(USED).waitFor();
    await page.getByRole('link', { name: 'Recevoir un nouveau lien' }).waitFor();
    await checkScreen(page, 'used', 'village-link');
    await page.close();
  });

  it('offline, the link page says it needs the network, and signs in once it is back', async () => {
    await registerUser(app.base, { email: 'noe.link@example.test', password: PASSWORD, first_name: 'Noé', last_name: 'Blanc' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate(() => localStorage.removeItem('ga-token'));
    await askFromLogin(page, 'noe.link@example.test');
    const link = await signInLink('noe.link@example.test');

    // The link page's code loaded first (an unknown link), then the real link followed with the network gone.
    await page.goto(`${app.base}/auth/link/inconnu`);
    await page.getByRole('alert').getByText(USED).waitFor();
    await context.setOffline(true);
    try {
      await navigateInApp(page, new URL(link).pathname);
      await page.getByRole('alert').getByText(OFFLINE).waitFor();
      await screenshotToLookAt(page, { path: '/tmp/village-link-offline-390.png', fullPage: true });
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await page.getByRole('alert').getByText(OFFLINE).waitFor();
    } finally {
      await context.setOffline(false);
    }
    // Back online: tried again by itself.
    await page.waitForURL(/\/dashboard\/villages$/, { timeout: 15_000 });
    await page.close();
  });
});
