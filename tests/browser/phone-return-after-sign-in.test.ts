/**
 * Issue 18, item 2, in a real Chromium against the real server at 360 and 390 px: a session revoked on the
 * server while a village's planning is open (or opened again later) sends to the sign-in form, and signing in
 * lands back on that planning, not on the villages list. Screenshots /tmp/phone-return-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('ga-token'));
/** What another client does: signs this session out on the server. */
async function revoke(token: string) {
  const res = await fetch(`${app.base}/v1/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(204);
}
async function signInThroughForm(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).press('Enter');
}

describe('signing in again returns where you were', () => {
  it('a session revoked while the planning is open: the sign-in form, then back on the planning', async () => {
    const email = 'alice-return@example.org';
    const alice = await registerUser(app.base, { email, password: PASSWORD, first_name: 'Alice', last_name: 'Moreau' });
    const village = await createOpenVillage(app.base, alice.token);
    const planning = `/dashboard/villages/${village.id}/planning`;
    const page = await signedInPage(context, app.base, alice.token);
    await page.goto(`${app.base}${planning}`);
    await page.getByRole('heading', { name: 'Planning' }).waitFor({ timeout: 20_000 });

    // Revoked elsewhere, then the page opened again (a reload, as when the phone reopens the app).
    await revoke((await tokenOf(page))!);
    await page.reload();
    await page.waitForURL(/\/auth\/login\?/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(planning);
    await page.getByLabel('Email').waitFor();
    await checkPhoneScreen(page, 'return-login');
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname === planning, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Planning' }).waitFor({ timeout: 20_000 });

    // Revoked again, then the profile opened: the way back is the same.
    await revoke((await tokenOf(page))!);
    await page.goto(`${app.base}/account/profile`);
    await page.waitForURL(/\/auth\/login\?/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/profile');
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname === '/account/profile', { timeout: 20_000 });
    await page.getByLabel('Prénom').waitFor({ timeout: 20_000 });

    // A start whose data this device has not loaded goes through the bootstrap page: revoked there too, the
    // planning it was opening is still the way back.
    await revoke((await tokenOf(page))!);
    await page.evaluate(() => localStorage.removeItem('village-data-loaded-for'));
    await page.goto(`${app.base}${planning}`);
    await page.waitForURL(/\/auth\/login\?/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(planning);
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname === planning, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Planning' }).waitFor({ timeout: 20_000 });
    await page.close();
  });

  it('a join link opened with a revoked session: after signing in, the join completes and lands in the village', async () => {
    const owner = await registerUser(app.base, {
      email: 'olga-return@example.org',
      password: PASSWORD,
      first_name: 'Olga',
      last_name: 'Petit',
    });
    const village = await createOpenVillage(app.base, owner.token);
    const email = 'marc-return@example.org';
    const marc = await registerUser(app.base, { email, password: PASSWORD, first_name: 'Marc', last_name: 'Durand' });
    const page = await signedInPage(context, app.base, marc.token);
    await revoke(marc.token);
    const link = `/join/village?c=${village.shareCode}`;
    await page.goto(`${app.base}${link}`);
    await page.waitForURL(/\/auth\/login\?/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(link);
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname.startsWith(`/dashboard/villages/${village.id}`), { timeout: 30_000 });
    await page.close();
  });

  it('never follows an address off the app', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${app.base}/auth/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    const email = 'bruno-return@example.org';
    await registerUser(app.base, { email, password: PASSWORD, first_name: 'Bruno', last_name: 'Lefèvre' });
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.origin === app.base && url.pathname === '/dashboard/villages', { timeout: 20_000 });
    await page.close();
  });
});
