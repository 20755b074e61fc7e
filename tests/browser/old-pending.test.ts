import { describe, expect, it } from 'vitest';
import { createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, PHONE } from './screens';
import { screenshotToLookAt } from './look-at';

/**
 * Writes waiting for more than a day are said on the village's screens (issue 39), not only counted in the
 * header: a need added with the server gone, its outbox entry then made two days old, shows the banner after
 * a reload, on the needs screen and on the planning.
 */
const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(10_000);

const DAY_MS = 24 * 60 * 60 * 1000;

describe('writes waiting for more than a day', () => {
  it('are said on the village’s screens, with the day they were made', async () => {
    const { token } = await registerUser(app.base, {
      email: 'en-attente@example.test',
      password: 'motdepasse-1',
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const village = await createOpenVillage(app.base, token);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    const banner = page.getByRole('status').filter({ hasText: /attendent encore|attend encore/ });

    await app.stop();
    try {
      await page.getByRole('link', { name: 'Ajouter un besoin' }).click();
      await page.getByLabel('Un autre besoin, que je décris').check();
      await page.getByLabel('Nom du besoin').fill('Courses du jeudi');
      await page.getByRole('button', { name: 'Ajouter ce besoin' }).click();
      await page.getByText('Courses du jeudi').waitFor();
      // Made a moment ago: not said yet.
      expect(await banner.count()).toBe(0);

      // The entry as if it had been made two days ago (the store written directly, as another day would have).
      const madeAt = new Date(Date.now() - 2 * DAY_MS).toISOString();
      await page.evaluate(
        (createdAt) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('village');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction('outbox', 'readwrite');
              const store = tx.objectStore('outbox');
              const all = store.getAll();
              all.onsuccess = () => {
                for (const entry of all.result as { createdAt: string }[]) store.put({ ...entry, createdAt });
              };
              tx.oncomplete = () => {
                open.result.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
          }),
        madeAt,
      );
      const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Europe/Paris' })
        .format(new Date(madeAt))
        .replace(/^1 /, '1er ')
        // The app's formatter holds the day to its month (src/contract/french-time.ts).
        .replace(' ', '\u00a0');
      await page.reload();
      await page.getByText('Courses du jeudi').waitFor({ timeout: 15_000 });
      await banner.waitFor();
      expect(await banner.textContent()).toBe(
        `1 modification faite le ${day} attend encore d'être envoyée\u00a0: elle partira dès que le serveur répondra.`,
      );
      await screenshotToLookAt(page, { path: '/tmp/old-pending-needs-390.png', fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      // Every screen of the village says it, the planning too.
      await page.getByRole('link', { name: 'Planning' }).click();
      await page
        .getByRole('heading', { name: /Planning/ })
        .first()
        .waitFor();
      await banner.waitFor();
    } finally {
      await app.start();
    }
  });
});
