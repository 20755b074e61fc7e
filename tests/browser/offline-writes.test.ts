/**
 * Writes made with no network, in a real Chromium against the real server: they show at once, survive a
 * reload, and reach the server exactly once when it is back, through the worker's Background Sync or,
 * where the browser has none, through the page itself. A write the server refuses lands in the list of
 * changes that could not be sent, with the server's French message.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { dispatchSync } from './service-worker-events';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const withSync = await openBrowser();
const withoutSync = await openBrowser();
// Background Sync exists in Chromium only: this context plays the other browsers.
await withoutSync.context.addInitScript(() => {
  delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
});

const SYNC_TAG = 'village-outbox';
const PASSWORD = 'motdepasse-solide-1';
const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 }).toISODate()!;

async function signedInVillage(email: string) {
  const { token } = await registerUser(app.base, { email, password: PASSWORD, first_name: 'Claire', last_name: 'Durand' });
  const village = await createOpenVillage(app.base, token);
  return { token, ...village };
}

/** Opens a village's needs online, so the device holds the user and the village, once the worker controls the page. */
async function openNeeds(context: BrowserContext, token: string, villageId: string, options: { live?: boolean } = {}): Promise<Page> {
  const page = await context.newPage();
  // Without the village's event stream, the page hears of another device's change only when it asks.
  if (options.live === false) await page.addInitScript(() => delete (window as { EventSource?: unknown }).EventSource);
  await page.goto(`${app.base}/auth/login`);
  await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
  await page.goto(`${app.base}/dashboard/villages/${villageId}/needs`);
  await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
  return page;
}

async function addFreeNeed(page: Page, name: string) {
  await page.getByRole('link', { name: 'Ajouter un besoin' }).click();
  await page.getByLabel('Un autre besoin, que je décris').check();
  await page.getByLabel('Nom du besoin').fill(name);
  await page.getByRole('button', { name: 'Ajouter ce besoin' }).click();
  await page.getByRole('heading', { name: 'Besoins du village' }).waitFor();
}

async function offerHelp(page: Page, needName: string) {
  await page
    .getByRole('link', { name: new RegExp(needName) })
    .first()
    .click();
  await page.getByRole('link', { name: 'Proposer mon aide' }).first().click();
  await page.getByLabel('Date').fill(tomorrow);
  await page.getByLabel('Début').fill('14:00');
  await page.getByLabel('Fin').fill('16:00');
  await page.getByRole('button', { name: 'Proposer mon aide' }).click();
  await page
    .getByText(/14\sh\s–\s16\sh/)
    .first()
    .waitFor();
}

async function serverVillage(token: string, villageId: string) {
  const answer = await api(app.base, token, 'GET', `/v1/villages/${villageId}?include=needs,helps`);
  return answer.body.data as {
    needs: { id: string; name: string }[];
    helps: { id: string; village_need_id: string; start_date: string }[];
  };
}

const pendingText = (page: Page) => page.getByRole('status').filter({ hasText: /en attente/ });

describe('writes made offline', () => {
  it('show at once, survive a reload with the server gone, and reach it once through Background Sync', async () => {
    const { token, id } = await signedInVillage('hors-ligne-sync@example.org');
    const page = await openNeeds(withSync.context, token, id);

    await app.stop();
    try {
      await addFreeNeed(page, 'Courses du jeudi');
      await page.getByText('Courses du jeudi').waitFor();
      await offerHelp(page, 'Courses du jeudi');
      await expect.poll(() => pendingText(page).textContent()).toBe('2 modifications en attente');

      // A reload with no server: the worker's shell, the guards and the local store bring everything back.
      await page.goto(`${app.base}/dashboard/villages/${id}/needs`);
      await page.getByText('Courses du jeudi').waitFor({ timeout: 15_000 });
      await page.getByText('1 aide prévue').waitFor();
      await expect.poll(() => pendingText(page).textContent()).toBe('2 modifications en attente');
      // The app is closed: only the worker can send now.
      await page.goto('about:blank');
    } finally {
      await app.start();
    }
    // Only the worker can send now (the page is closed): either the sync event the writes registered, which
    // waits out short waits and tries again within the event (src/outbox/sync-replay.ts), or the one the browser
    // fires when it sees the network back, fired here on demand.
    await dispatchSync(withSync.context, page, SYNC_TAG, app.base);
    await expect.poll(async () => (await serverVillage(token, id)).helps.length, { timeout: 20_000 }).toBe(1);
    await page.goto(`${app.base}/dashboard/villages/${id}/needs`);
    await page.getByText('Courses du jeudi').waitFor({ timeout: 15_000 });
    const village = await serverVillage(token, id);
    expect(village.needs.map((n) => n.name)).toEqual(['Courses du jeudi']);
    expect(village.helps[0].village_need_id).toBe(village.needs[0].id);
    expect(DateTime.fromISO(village.helps[0].start_date).setZone('Europe/Paris').toFormat('yyyy-MM-dd HH:mm')).toBe(`${tomorrow} 14:00`);
    await expect.poll(() => pendingText(page).count()).toBe(0);

    // Sending again changes nothing: the queue is empty and each write was applied once.
    await dispatchSync(withSync.context, page, SYNC_TAG, app.base);
    await new Promise((r) => setTimeout(r, 1_000));
    const again = await serverVillage(token, id);
    expect([again.needs.length, again.helps.length]).toEqual([1, 1]);
    await page.close();
  });

  it('reach the server through the page when the browser has no Background Sync', async () => {
    const { token, id } = await signedInVillage('hors-ligne-page@example.org');
    const page = await openNeeds(withoutSync.context, token, id);
    expect(await page.evaluate(() => 'sync' in ServiceWorkerRegistration.prototype)).toBe(false);

    await app.stop();
    try {
      await addFreeNeed(page, 'Repas du soir');
      await offerHelp(page, 'Repas du soir');
      await page.reload();
      await page
        .getByText(/14\sh\s–\s16\sh/)
        .first()
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => pendingText(page).textContent()).toBe('2 modifications en attente');
    } finally {
      await app.start();
    }

    // The network is back: the page drains its queue itself.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await serverVillage(token, id)).helps.length, { timeout: 20_000 }).toBe(1);
    const village = await serverVillage(token, id);
    expect(village.needs.map((n) => n.name)).toEqual(['Repas du soir']);
    await expect.poll(() => pendingText(page).count()).toBe(0);
    await page.close();
  });

  it('a write the server refuses (its need deleted on another device) lands in the list of changes not sent, with its French message', async () => {
    const { token, id, villagerId } = await signedInVillage('hors-ligne-refus@example.org');
    const created = await api(app.base, token, 'POST', `/v1/villages/${id}/needs`, { villager_id: villagerId, name: 'Promenade' });
    expect(created.status).toBe(201);
    const page = await openNeeds(withSync.context, token, id, { live: false });
    await page.getByText('Promenade').waitFor();

    // Meanwhile, on another device, the need is deleted: this device has not heard of it yet (no live
    // stream here), and offers a help.
    expect(
      (await api(app.base, token, 'DELETE', `/v1/villages/${id}/needs/${created.body.data.id}?villager_id=${villagerId}`)).status,
    ).toBe(204);
    await page
      .getByRole('link', { name: /Promenade/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'Proposer mon aide' }).first().click();
    await page.getByLabel('Date').fill(tomorrow);
    await page.getByLabel('Début').fill('14:00');
    await page.getByLabel('Fin').fill('16:00');
    await page.getByRole('button', { name: 'Proposer mon aide' }).click();

    const failed = page.getByRole('button', { name: "1 modification n'a pas pu être envoyée" });
    await failed.waitFor({ timeout: 20_000 });
    await failed.click();
    const dialog = page.getByRole('dialog', { name: 'Modifications non envoyées' });
    // The 404 reads as the need deleted by someone else (issue 18, item 6, replaced "Ce besoin est introuvable."),
    // on its own line under what the change was (issue 39).
    await dialog.getByText(/^Proposition d'aide du .* sur «\sPromenade\s»$/).waitFor();
    await dialog.getByText("Ce besoin a été supprimé par quelqu'un d'autre.").waitFor();
    await screenshotToLookAt(page, { path: '/tmp/offline-failed-390.png' });
    expect(await dialog.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Retirer' }).click();
    await expect.poll(() => failed.count()).toBe(0);
    expect((await serverVillage(token, id)).helps).toEqual([]);
    await page.close();
  });
});
