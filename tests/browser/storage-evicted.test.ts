/**
 * Safari's eviction, played in Chromium: with a write waiting, the origin's script-writable storage is wiped
 * (IndexedDB, localStorage, Cache API, the service worker; not the cookies the server set). After signing in
 * again, the person is told in French that changes made on this device may not have been sent, from when,
 * and which where the server had been told of them. Screenshot: /tmp/storage-evicted-390.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../src/contract/french-time';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const browser = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';

async function openChat(context: BrowserContext, token: string, villageId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.base}/auth/login`);
  await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
  await page.goto(`${app.base}/dashboard/villages/${villageId}/chat`);
  await page.getByRole('heading', { name: 'Discussion' }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
  return page;
}

/** Resolves with the next check-in the page sends that the server answered, and what it said. */
const nextCheckIn = (page: Page, pendingCount: number) =>
  page.waitForResponse(
    (res) =>
      res.url().endsWith('/v1/users/me/device') &&
      res.ok() &&
      (JSON.parse(res.request().postData() ?? '{}') as { pending_count?: number }).pending_count === pendingCount,
    { timeout: 20_000 },
  );

async function writeMessage(page: Page, text: string) {
  await page.getByLabel('Votre message').fill(text);
  await page.getByLabel('Votre message').press('Enter');
  await page.locator('.chat-message-mine').filter({ hasText: text }).getByText("En attente d'envoi").waitFor();
}

/** What Safari's eviction removes: everything a script can write, not the server's HttpOnly cookie. */
async function wipeScriptWritableStorage(context: BrowserContext, page: Page) {
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: app.base,
    storageTypes: 'indexeddb,local_storage,cache_storage,service_workers',
  });
  await cdp.detach();
}

async function signInAgain(page: Page, villageId: string, email: string) {
  await page.goto(`${app.base}/dashboard/villages/${villageId}/chat`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).press('Enter');
}

/** "mercredi 20 novembre à 18 h 05" for each minute from `from` to `to` (the contact fell in one of them). */
const momentsBetween = (from: DateTime, to: DateTime) => {
  const moments: string[] = [];
  for (let at = from.startOf('minute'); at <= to; at = at.plus({ minutes: 1 })) moments.push(formatMoment(at.toISO()!));
  return moments;
};

const messagesOnServer = async (token: string, villageId: string, text: string) => {
  const answer = await api(app.base, token, 'GET', `/v1/villages/${villageId}/messages`);
  return (answer.body.data as { body: string }[]).filter((m) => m.body === text).length;
};

const notice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Votre navigateur a effacé les données de Village' });

describe('a local store wiped with a write waiting', () => {
  it('is told after signing in again: from when changes may not have been sent, until dismissed', async () => {
    const email = 'efface-serveur-coupe@example.org';
    const { token } = await registerUser(app.base, { email, password: PASSWORD, first_name: 'Claire', last_name: 'Durand' });
    const village = await createOpenVillage(app.base, token);
    const opened = DateTime.now();
    const page = await openChat(browser.context, token, village.id);
    // The first check-in (the signed-in layout's start) named the device.
    const deviceCookie = async () => (await browser.context.cookies(`${app.base}/v1/`)).find((c) => c.name === 'village_device');
    await expect.poll(deviceCookie, { timeout: 20_000 }).toBeDefined();
    expect(await deviceCookie()).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    const text = 'Je passe jeudi à 18 h';

    await app.stop();
    const stopped = DateTime.now();
    try {
      await writeMessage(page, text);
      await wipeScriptWritableStorage(browser.context, page);
    } finally {
      await app.start();
    }
    // The cookie is all that is left: the app opens on the sign-in page.
    await signInAgain(page, village.id, email);
    await notice(page).waitFor({ timeout: 20_000 });
    const said = (await notice(page).textContent()) ?? '';
    const when = momentsBetween(opened, stopped).find((moment) =>
      said.includes(`Les modifications faites ici après le ${moment} n'ont peut-être pas été envoyées`),
    );
    expect(when, said).toBeDefined();
    // What the notice is about: the message never reached the server.
    expect(await messagesOnServer(token, village.id, text)).toBe(0);

    await screenshotToLookAt(page, { path: '/tmp/storage-evicted-date-390.png' });
    const acknowledged = page.waitForResponse(
      (res) => res.url().endsWith('/v1/users/me/device') && res.request().postData()!.includes('acknowledge_lost'),
    );
    await notice(page).getByRole('button', { name: "J'ai compris" }).click();
    await expect.poll(() => notice(page).count()).toBe(0);
    expect((await acknowledged).ok()).toBe(true);
    // Acknowledged at the server: a reload does not tell it again.
    const checkedIn = nextCheckIn(page, 0);
    await page.reload();
    await page.getByRole('heading', { name: 'Discussion' }).waitFor({ timeout: 20_000 });
    await checkedIn;
    expect(await notice(page).count()).toBe(0);
    await page.close();
  });

  it('names the writes the server had been told of, when the writes themselves could not get through', async () => {
    const email = 'efface-ecritures-bloquees@example.org';
    const { token } = await registerUser(app.base, { email, password: PASSWORD, first_name: 'Hugo', last_name: 'Martin' });
    const village = await createOpenVillage(app.base, token);
    const page = await openChat(browser.context, token, village.id);
    const text = 'Je prends les courses de samedi';

    // A server that answers but whose writes get lost on the way (a proxy dropping them): the check-in passes.
    const dropWrites = (route: { abort(): Promise<void> }) => route.abort();
    await browser.context.route(/\/v1\/(batch|villages\/[^/]+\/messages)$/, dropWrites);
    try {
      const told = nextCheckIn(page, 1);
      await writeMessage(page, text);
      expect((await told).ok()).toBe(true);
      await wipeScriptWritableStorage(browser.context, page);
    } finally {
      await browser.context.unroute(/\/v1\/(batch|villages\/[^/]+\/messages)$/, dropWrites);
    }
    await signInAgain(page, village.id, email);
    await notice(page).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => notice(page).textContent())
      .toMatch(/une modification faite ici attendait encore d'être envoyée\s; elle n'a peut-être jamais été reçue/);
    await notice(page)
      .getByRole('listitem')
      .filter({ hasText: `Message dans la discussion : « ${text} »` })
      .waitFor();
    expect(await notice(page).textContent()).toContain("Celles faites après n'ont peut-être pas été envoyées non plus");
    expect(await messagesOnServer(token, village.id, text)).toBe(0);
    await screenshotToLookAt(page, { path: '/tmp/storage-evicted-390.png' });
    await page.close();
  });
});
