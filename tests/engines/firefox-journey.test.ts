/**
 * The core journey in Firefox ESR, an engine without Background Sync, where the page's own drain is the
 * only replay: sign in through the form, open a village, let the worker take the page, then with the
 * server stopped reload a deep link (shell and content from the caches), add a need, a help and a chat
 * message, reload again still offline (the writes wait, shown as pending), start the server: each write
 * reaches it exactly once, and the one it refuses (a help on a need deleted on another device while this one
 * was away) lands in the list of changes not sent with the server's French message. Nothing the page throws
 * goes unhandled, not even an import cut short by the test opening the next address (src/pwa/lazy-chunk.ts).
 */
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, registerUser, startApp } from '../browser/harness';
import { CHUNK_LOAD_FAILED } from '../../src/pwa/lazy-chunk';
import { runAppBuild, temporaryDistDir } from '../browser/pwa-build';
import { byLabel, byName, fill, open, openFirefox, pendingText, waitForText } from './firefox-page';

// The run's build of the app (pwa-build.ts): served and read here, never written.
const dist = runAppBuild();
const app = await startApp({ DIST_DIR: dist });
const browser = await openFirefox();

const PASSWORD = 'motdepasse-solide-1';
const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 }).toISODate()!;

async function serverVillage(token: string, villageId: string) {
  const answer = await api(app.base, token, 'GET', `/v1/villages/${villageId}?include=needs,helps`);
  return answer.body.data as {
    needs: { id: string; name: string }[];
    helps: { id: string; village_need_id: string; start_date: string }[];
  };
}

describe('Firefox ESR', () => {
  it('signs in, works offline from a deep link, and sends each write once when the server is back', { timeout: 180_000 }, async () => {
    const email = 'firefox@example.org';
    const { token } = await registerUser(app.base, { email, password: PASSWORD, first_name: 'Claire', last_name: 'Durand' });
    const { id, villagerId } = await createOpenVillage(app.base, token);
    const promenade = await api(app.base, token, 'POST', `/v1/villages/${id}/needs`, { villager_id: villagerId, name: 'Promenade' });
    expect(promenade.status).toBe(201);
    const promenadeId: string = promenade.body.data.id;

    const page = await browser.newPage();
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/Firefox/);
    // An exception the app lets escape in this engine fails the journey, wherever it happens.
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(String(error)));

    // Sign in through the form.
    await open(page, `${app.base}/auth/login`);
    await fill(page, 'Email', email);
    await fill(page, 'Mot de passe', PASSWORD);
    await (await byName(page, 'button', 'Se connecter')).click();
    await page.waitForFunction(() => !location.pathname.startsWith('/auth/'), { timeout: 20_000 });

    // Open the village: its needs and its chat are read once online; the worker takes the page.
    await open(page, `${app.base}/dashboard/villages/${id}/needs`);
    await waitForText(page, 'Besoins du village', { timeout: 20_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', { timeout: 20_000 });
    expect(await page.evaluate(() => 'SyncManager' in window)).toBe(false);
    // One replayer at a time between page and worker rests on Web Locks, which Firefox has.
    expect(await page.evaluate(() => 'locks' in navigator)).toBe(true);
    await waitForText(page, 'Promenade');
    await open(page, `${app.base}/dashboard/villages/${id}/chat`);
    await waitForText(page, /Aucun message/, { timeout: 20_000 });
    // The catalogue's pictures were handed to the worker at start-up, before any screen shows them.
    const cachedPictures = () =>
      page.evaluate(
        async () => (await (await caches.open('village-photos')).keys()).filter((r) => r.url.includes('/static/needs/')).length,
      );
    await expect.poll(cachedPictures, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);

    // The app is closed; meanwhile, on another device, the need is deleted: this device has not heard of it.
    await open(page, 'about:blank');
    expect((await api(app.base, token, 'DELETE', `/v1/villages/${id}/needs/${promenadeId}?villager_id=${villagerId}`)).status).toBe(204);
    await app.stop();
    try {
      // A deep link reloaded with no server: the worker's shell, the guards and the local store.
      await open(page, `${app.base}/dashboard/villages/${id}/needs/${promenadeId}`);
      await waitForText(page, 'Promenade', { timeout: 20_000, within: 'main' });
      await byName(page, 'link', 'Proposer mon aide');

      // A need of one's own, then a help offered on it.
      await open(page, `${app.base}/dashboard/villages/${id}/needs`);
      await (await byName(page, 'link', 'Ajouter un besoin')).click();
      await (await byLabel(page, 'Un autre besoin, que je décris')).click();
      await fill(page, 'Nom du besoin', 'Courses du jeudi');
      await (await byName(page, 'button', 'Ajouter ce besoin')).click();
      await waitForText(page, 'Courses du jeudi');
      await (await byName(page, 'link', /Courses du jeudi/)).click();
      await offerHelp(page);

      // A chat message.
      await open(page, `${app.base}/dashboard/villages/${id}/chat`);
      await fill(page, 'Votre message', 'Bonjour depuis Firefox');
      await page.keyboard.press('Enter');
      await waitForText(page, "En attente d'envoi");

      // A help on the need another device is about to delete: the last write of the queue.
      await open(page, `${app.base}/dashboard/villages/${id}/needs/${promenadeId}`);
      await offerHelp(page);
      await expect.poll(() => pendingText(page), { timeout: 10_000 }).toBe('4 modifications en attente');

      // Reloaded, still offline: the writes are still there, still waiting.
      await page.reload();
      await waitForText(page, /14\sh\s–\s16\sh/, { timeout: 20_000 });
      await expect.poll(() => pendingText(page), { timeout: 10_000 }).toBe('4 modifications en attente');
      // The planning, another deep link, shows tomorrow's help made offline.
      await open(page, `${app.base}/dashboard/villages/${id}/planning`);
      // The planning opens on this week: on a Sunday (Paris), tomorrow is in the next one.
      if (DateTime.fromISO(tomorrow).weekday === 1) await (await byName(page, 'button', 'Période suivante')).click();
      await waitForText(page, /14\sh\s–\s16\sh\s*Courses du jeudi/, { timeout: 20_000, within: 'main' });
    } finally {
      await app.start();
    }

    // Firefox has no SyncManager: the page drains its queue itself when the network comes back.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await (await byName(page, 'button', "1 modification n'a pas pu être envoyée", 30_000)).click();
    await waitForText(page, "Ce besoin a été supprimé par quelqu'un d'autre.", { within: 'dialog[open]' });
    await waitForText(page, /Proposition d'aide du/, { within: 'dialog[open]' });
    await expect.poll(() => pendingText(page), { timeout: 10_000 }).toBe('');

    // Exactly once: one need, one help on it, one message, whatever the drains and the reloads did.
    const village = await serverVillage(token, id);
    expect(village.needs.map((n) => n.name)).toEqual(['Courses du jeudi']);
    expect(village.helps.map((h) => h.village_need_id)).toEqual([village.needs[0].id]);
    expect(DateTime.fromISO(village.helps[0].start_date).setZone('Europe/Paris').toFormat('yyyy-MM-dd HH:mm')).toBe(`${tomorrow} 14:00`);
    const messages = await api(app.base, token, 'GET', `/v1/villages/${id}/messages`);
    expect(messages.status).toBe(200);
    expect(JSON.stringify(messages.body).match(/Bonjour depuis Firefox/g)).toHaveLength(1);
    expect(uncaught).toEqual([]);
    await page.close();
  });

  it(
    'tries a screen whose code cannot be loaded once more in a reloaded page, then shows the French error screen',
    { timeout: 120_000 },
    async () => {
      // A build whose sign-up screen is gone from the server, as after a deployment that removed it.
      const broken = await temporaryDistDir();
      await cp(dist, broken, { recursive: true });
      const chunk = (await readdir(join(broken, 'assets'))).find((name) => /^auth\.register-[\w-]+\.js$/.test(name));
      expect(chunk).toBeDefined();
      await rm(join(broken, 'assets', chunk!));
      const brokenApp = await startApp({ DIST_DIR: broken });
      try {
        const page = await browser.newPage();
        const uncaught: string[] = [];
        page.on('pageerror', (error) => uncaught.push(String(error)));
        const asked: string[] = [];
        page.on('request', (request) => void (request.url().endsWith(`/assets/${chunk}`) && asked.push(request.url())));
        await open(page, `${brokenApp.base}/auth/register`);
        await waitForText(page, 'Une erreur est survenue', { timeout: 20_000, within: 'main' });
        await waitForText(page, CHUNK_LOAD_FAILED, { within: 'main' });
        // Firefox remembers a failed module for the page's life: asked once by the page, once more by the page reloaded.
        expect(asked.length).toBe(2);
        expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe(
          'reload',
        );
        // Still the screen's address, and a way out.
        expect(new URL(page.url()).pathname).toBe('/auth/register');
        await byName(page, 'link', "Retour à l'accueil");
        // The server answers a missing file of the build 404 (its JSON error, never the shell), which Firefox refuses
        // as a module and reports, once per page; nothing else, and nothing from the app.
        const refused = `Error: Loading module from “${brokenApp.base}/assets/${chunk}” was blocked because of a disallowed MIME type (“application/json”).`;
        expect(uncaught).toEqual([refused, refused]);
        await page.close();
      } finally {
        await brokenApp.stop();
      }
    },
  );

  it("builds its screens with the app's lazy loading, not TanStack's reload on any failed chunk", async () => {
    // TanStack's lazyRouteComponent reloads the page for any chunk that failed, even one cut short by the page being
    // left, which replaced the address being opened; its mark is a `tanstack_router_reload:` sessionStorage key.
    const scripts = (await readdir(join(dist, 'assets'))).filter((name) => name.endsWith('.js'));
    const reloading = [];
    for (const name of scripts)
      if ((await readFile(join(dist, 'assets', name), 'utf8')).includes('tanstack_router_reload')) reloading.push(name);
    expect(scripts.length).toBeGreaterThan(20);
    expect(reloading).toEqual([]);
  });
});

async function offerHelp(page: Awaited<ReturnType<typeof browser.newPage>>) {
  await (await byName(page, 'link', 'Proposer mon aide')).click();
  await fill(page, 'Date', tomorrow);
  await fill(page, 'Début', '14:00');
  await fill(page, 'Fin', '16:00');
  await (await byName(page, 'button', 'Proposer mon aide')).click();
  await waitForText(page, /14\sh\s–\s16\sh/);
}
