/**
 * The privacy page in a real Chromium against the real server: opened signed out from the sign-up form on the
 * smallest phone (320 px), axe clean, naming the operator from the server's settings and the session's
 * duration the server sweeps by; and reached from Mon compte signed in. Screenshots /tmp/privacy-*.png.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_DAYS } from '../../src/contract/retention';
import { openBrowser, registerUser, startApp } from './harness';
import { axeViolations, checkScreen, signedInPage } from './screens';
import { reflowProblems, SMALL_PHONE } from './reflow-checks';
import { screenshotToLookAt } from './look-at';

const app = await startApp({ OPERATOR_NAME: 'Association Les Tilleuls', OPERATOR_EMAIL: 'contact@tilleuls.example' });
const { context } = await openBrowser();

describe('the privacy page', () => {
  it('is linked from the sign-up form and reads signed out at 320 px, axe clean, with the operator and the durations', async () => {
    const page = await context.newPage();
    await page.setViewportSize(SMALL_PHONE);
    await page.goto(`${app.base}/auth/register`);
    await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
    await page.getByText('En créant votre compte, vous acceptez').waitFor();
    await page.getByRole('link', { name: 'Confidentialité', exact: true }).click();
    await page.waitForURL(/\/confidentialite$/);
    await page.getByRole('heading', { level: 1, name: 'Confidentialité' }).waitFor();
    await page.getByText('Association Les Tilleuls').waitFor();
    expect(await page.getByRole('link', { name: 'contact@tilleuls.example' }).getAttribute('href')).toBe('mailto:contact@tilleuls.example');
    await page.getByText(`Une connexion inutilisée pendant ${SESSION_IDLE_DAYS} jours`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ga-token'))).toBeNull();
    await screenshotToLookAt(page, { path: '/tmp/privacy-signed-out-320.png', fullPage: true });
    expect(await axeViolations(page), 'at 320 px').toEqual([]);
    expect(await reflowProblems(page), 'at 320 px').toEqual([]);
    await checkScreen(page, 'page', 'privacy');
    await page.close();
  });

  it('is reached from Mon compte, signed in', async () => {
    const { token } = await registerUser(app.base, {
      email: 'odile.privacy@example.test',
      password: 'motdepasse-solide-1',
      first_name: 'Odile',
      last_name: 'Roux',
    });
    const page = await signedInPage(context, app.base, token);
    await page.goto(`${app.base}/account`);
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    await page.getByRole('link', { name: 'Confidentialité et vos droits' }).click();
    await page.waitForURL(/\/confidentialite$/);
    await page.getByRole('heading', { level: 1, name: 'Confidentialité' }).waitFor();
    await page.getByText('Association Les Tilleuls').waitFor();
    await page.close();
  });
});
