import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, registerUser, startApp } from './harness';
import { axeViolations, PHONE } from './screens';
import { screenshotToLookAt } from './look-at';

/**
 * Storage trouble said in French (issue 39): an IndexedDB that cannot be opened, or whose opening another tab
 * blocks, shows what happened and what to do within 5 s of signing in, never a spinner left turning.
 */
const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(10_000);

let users = 0;
async function newUser() {
  users += 1;
  const who = { email: `stockage${users}@example.test`, password: `motdepasse-${users}`, first_name: 'Alice', last_name: 'Martin' };
  const { token } = await registerUser(app.base, who);
  return { ...who, token };
}

/** A page of the app's origin with no app code on it (the health check), the origin signed out. */
async function bareOriginPage() {
  const page = await context.newPage();
  await page.goto(`${app.base}/v1/health`);
  await page.evaluate(() => localStorage.clear());
  return page;
}

async function signInThroughForm(page: Page, who: { email: string; password: string }) {
  await page.goto(`${app.base}/auth/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mot de passe').fill(who.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).press('Enter');
}

/** As older private modes and broken profiles do: every opening of a database fails with an error event. */
const failEveryOpening = (page: Page) =>
  page.addInitScript(() => {
    IDBFactory.prototype.open = function () {
      const request = new EventTarget() as EventTarget & Record<string, unknown>;
      setTimeout(() => {
        const error = new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        );
        Object.assign(request, { error, readyState: 'done' });
        const event = new Event('error', { cancelable: true, bubbles: false });
        Object.defineProperty(event, 'target', { value: request });
        (request.onerror as ((e: Event) => void) | undefined)?.(event);
      }, 10);
      return request as unknown as IDBOpenDBRequest;
    };
  });

const spinners = (page: Page) => page.locator('.full-screen-loader:visible, .spinner:visible').count();

describe('storage trouble in Chromium', () => {
  it('says in French that the storage cannot be opened, within 5 s of signing in, with no spinner left', async () => {
    const who = await newUser();
    const page = await bareOriginPage();
    await page.setViewportSize(PHONE);
    await failEveryOpening(page);
    const signedIn = page.waitForResponse((r) => r.url().endsWith('/v1/auth/login') && r.status() === 200);
    await signInThroughForm(page, who);
    const pressed = Date.now();
    await signedIn;
    const answered = Date.now();
    const heading = page.getByRole('heading', { name: 'Le stockage de cet appareil est inaccessible' });
    await heading.waitFor({ timeout: 5_000 });
    console.log(
      `storage unavailable: French screen ${Date.now() - pressed} ms after sign-in was pressed, ${Date.now() - answered} ms after the server accepted it`,
    );
    await expect.poll(() => spinners(page), { timeout: 1_000 }).toBe(0);
    // The first load's requests, still under way when the screen shows, end: nothing is left loading.
    await expect.poll(() => page.locator('.loading-bar.active').count(), { timeout: 5_000 }).toBe(0);
    // What to do, and what still works, said with it.
    const said = await page.getByRole('main').innerText();
    expect(said).toMatch(/Quittez la navigation privée/);
    expect(said).toMatch(/conservés sur le serveur/);
    await screenshotToLookAt(page, { path: '/tmp/storage-unavailable-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('says it too when a device that already loaded the session opens the app again', async () => {
    const who = await newUser();
    const first = await bareOriginPage();
    await signInThroughForm(first, who);
    await first.getByRole('heading', { name: 'Mes villages' }).waitFor({ timeout: 20_000 });
    await first.close();
    // The same session, its data loaded on this device: the start opens from the store, which now fails.
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await failEveryOpening(page);
    const started = Date.now();
    await page.goto(`${app.base}/dashboard/villages`);
    await page.getByRole('heading', { name: 'Le stockage de cet appareil est inaccessible' }).waitFor({ timeout: 5_000 });
    console.log(`storage unavailable, warm start: French screen ${Date.now() - started} ms after the address was opened`);
    await expect.poll(() => spinners(page), { timeout: 1_000 }).toBe(0);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('says that another tab holds an older version, and opens by itself once that tab lets go', async () => {
    const who = await newUser();
    // Another tab of this origin holding the app's database open at an older version, ignoring requests to let go.
    const other = await bareOriginPage();
    await other.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          // No app code on this page: this is the only connection until the app opens its own.
          indexedDB.deleteDatabase('village').onsuccess = () => {
            const open = indexedDB.open('village', 1);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              (window as unknown as { held: IDBDatabase }).held = open.result;
              resolve();
            };
          };
        }),
    );
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    // A signed-in start opens the store. So may the service worker as it starts: whichever opens it first is the one
    // the browser says is blocked, the other waits behind it, and the page says it either way (when the worker
    // was first, on its word: src/db/storage-health.ts; before it, the page waited with nothing said).
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate((token) => localStorage.setItem('ga-token', token), who.token);
    await page.goto(`${app.base}/dashboard/villages`);
    const heading = page.getByRole('heading', { name: 'Village est ouvert dans un autre onglet' });
    await heading.waitFor({ timeout: 5_000 });
    await expect.poll(() => spinners(page), { timeout: 1_000 }).toBe(0);
    await screenshotToLookAt(page, { path: '/tmp/storage-blocked-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await other.evaluate(() => (window as unknown as { held: IDBDatabase }).held.close());
    // The opening goes on: the message leaves and the signed-in home shows.
    await heading.waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByRole('heading', { name: 'Mes villages' }).waitFor({ timeout: 10_000 });
    await other.close();
    await page.close();
  });
});
