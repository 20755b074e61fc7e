/**
 * Issue 18, item 6, in a real Chromium against the real server at 360 and 390 px: Bruno offers a help on
 * "Courses du jeudi" with no network; meanwhile Alice deletes that need. When Bruno's phone is back online
 * the server refuses the help (404), and the list of changes not sent names the help and the need, says the
 * need was deleted by someone else, and offers only "Retirer" (sending again cannot succeed). Removing it
 * empties the list. Screenshots /tmp/phone-refused-change-*.png.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
// The page itself sends the queue when it hears it is online (as browsers without Background Sync do), so
// the test says when the refused help is sent: after the need is gone.
await context.addInitScript(() => {
  delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
});
const PASSWORD = 'motdepasse-solide-1';
const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 });

describe('a refused change says which, and why', () => {
  it('names the help and its need deleted by someone else, and offers only to remove it', async () => {
    const alice = await registerUser(app.base, {
      email: 'alice-phone-refus@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Moreau',
    });
    const bruno = await registerUser(app.base, {
      email: 'bruno-phone-refus@example.org',
      password: PASSWORD,
      first_name: 'Bruno',
      last_name: 'Lefèvre',
    });
    const village = await createOpenVillage(app.base, alice.token);
    const need = await api(app.base, alice.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Courses du jeudi',
    });
    expect(need.status).toBe(201);
    expect((await api(app.base, bruno.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );

    const page = await signedInPage(context, app.base, bruno.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    await page
      .getByRole('link', { name: /Courses du jeudi/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'Proposer mon aide' }).first().waitFor();

    // No network on Bruno's phone: the help waits in the queue.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Proposer mon aide' }).first().click();
    await page.getByLabel('Date').fill(tomorrow.toISODate()!);
    await page.getByLabel('Début').fill('14:00');
    await page.getByLabel('Fin').fill('16:00');
    await page.getByRole('button', { name: 'Proposer mon aide' }).click();
    await page.getByText('1 modification en attente').waitFor();

    // Meanwhile Alice deletes the need; then Bruno's phone is back online and sends the help.
    const deleted = await api(
      app.base,
      alice.token,
      'DELETE',
      `/v1/villages/${village.id}/needs/${need.body.data.id}?villager_id=${village.villagerId}`,
    );
    expect(deleted.status).toBe(204);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    const failed = page.getByRole('button', { name: "1 modification n'a pas pu être envoyée" });
    await failed.waitFor({ timeout: 20_000 });
    await failed.click();
    const dialog = page.getByRole('dialog', { name: 'Modifications non envoyées' });
    const day = tomorrow.setLocale('fr').toFormat('cccc d LLLL');
    const line = dialog.locator('.failed-what');
    await line.waitFor();
    expect(await line.textContent()).toBe(
      `Proposition d'aide du ${day} à 14 h sur « Courses du jeudi » : ce besoin a été supprimé par quelqu'un d'autre.`,
    );
    expect(await dialog.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    const remove = dialog.getByRole('button', { name: 'Retirer' });
    expect(await remove.count()).toBe(1);
    await checkPhoneScreen(page, 'refused-change', async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    await remove.click();
    await expect.poll(() => failed.count()).toBe(0);
    expect(await page.getByText(/n'a pas pu être envoyée/).count()).toBe(0);
    await page.close();
  });
});
