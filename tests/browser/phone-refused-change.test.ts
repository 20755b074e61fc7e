/**
 * Issue 18, item 6, and issue 39 ("refusals said when they happen"), in a real Chromium against the real server
 * at 360 and 390 px. Bruno offers a help on "Courses du jeudi" with no network; meanwhile Alice deletes that
 * need. When Bruno's phone is back online the server refuses the help (404): a toast says so at once, without
 * the header's chip being tapped; the list of changes not sent names the help and the need, says the need was
 * deleted by someone else, and offers another slot or removing it, never sending it again. Then Bruno takes
 * the one place of a dinner offline while Alice takes it online: the toast says the slot is full and that
 * Alice holds it, and the list offers "Voir les autres créneaux", not "Réessayer". Screenshots
 * /tmp/phone-refused-*.png.
 */
import { DateTime } from 'luxon';
import { formatMoment, formatSlotDay } from '../../src/contract/french-time';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';
import { screenshotToLookAt } from './look-at';

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

    // Said at once, in the page's live region, before anyone taps anything.
    // The formatter's words (with the year at the turn of a year), its non-breaking spaces read as spaces.
    const what =
      `Proposition d'aide du ${formatMoment(tomorrow.set({ hour: 14, minute: 0 }).toISO()!)} sur «\u00a0Courses du jeudi\u00a0»`.replace(
        /\u00a0/g,
        ' ',
      );
    await page
      .getByRole('status', { name: 'Messages' })
      .getByText(`Modification non enregistrée : ${what}. Ce besoin a été supprimé par quelqu'un d'autre.`)
      .waitFor({ timeout: 20_000 });
    const failed = page.getByRole('button', { name: "1 modification n'a pas pu être envoyée" });
    await failed.click();
    const dialog = page.getByRole('dialog', { name: 'Modifications non envoyées' });
    const line = dialog.locator('.failed-what');
    await line.waitFor();
    expect((await line.textContent())?.replace(/\u00a0/g, ' ')).toBe(what);
    expect(await dialog.locator('.failed-why').textContent()).toBe("Ce besoin a été supprimé par quelqu'un d'autre.");
    expect(await dialog.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    // The need is gone: the other slots are on the village's planning.
    expect(await dialog.getByRole('link', { name: 'Voir les autres créneaux' }).getAttribute('href')).toBe(
      `/dashboard/villages/${village.id}/planning`,
    );
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

  it('says at once that a slot taken offline is full and who holds it, and offers the other slots', async () => {
    const alice = await registerUser(app.base, {
      email: 'alice-phone-complet@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Moreau',
    });
    const bruno = await registerUser(app.base, {
      email: 'bruno-phone-complet@example.org',
      password: PASSWORD,
      first_name: 'Bruno',
      last_name: 'Lefèvre',
    });
    const village = await createOpenVillage(app.base, alice.token);
    const dinnerDay = tomorrow.plus({ days: 1 });
    const need = await api(app.base, alice.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Dîner',
      schedule: { dtstart: `${dinnerDay.toISODate()}T19:00`, duration_minutes: 90, rrule: null, exdates: [], places: 1 },
    });
    expect(need.status).toBe(201);
    const needId = need.body.data.id as string;
    expect((await api(app.base, bruno.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );

    const page = await signedInPage(context, app.base, bruno.token);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs/${needId}/helps`);
    const take = page.getByRole('button', { name: /Je m.en occupe/ }).first();
    await take.waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });

    // Bruno takes the one place with no network; Alice takes it online meanwhile.
    await context.setOffline(true);
    await take.click();
    await page.getByText('1 modification en attente').waitFor();
    await page.getByRole('button', { name: 'Non merci' }).click();
    // The slot itself says its take has not reached the server.
    const row = page.locator('.slot-row').first();
    expect(await row.locator('.slot-write').textContent()).toBe('Inscription en attente d’envoi');
    await screenshotToLookAt(page, { path: '/tmp/phone-refused-full-pending-390.png' });
    const start = dinnerDay.set({ hour: 19, minute: 0, second: 0, millisecond: 0 }).toUTC().toISO()!;
    const hers = await api(app.base, alice.token, 'POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
      helper_id: village.villagerId,
      start_date: start,
    });
    expect(hers.status).toBe(201);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    const day = formatSlotDay(dinnerDay.toISO()!).replace(/\u00a0/g, ' ');
    const said = page
      .getByRole('status', { name: 'Messages' })
      .getByText(
        `Le créneau du ${day}, 19 h sur « Dîner » est complet : Alice s'en occupe. Votre inscription n'a pas pu être enregistrée.`,
      );
    await said.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('dialog', { name: 'Modifications non envoyées' }).isVisible()).toBe(false);
    // The slot, pulled again, is Alice's; the row says Bruno's take was refused.
    await expect.poll(() => row.locator('.slot-write').textContent()).toBe('Inscription refusée');
    await expect.poll(() => row.locator('.slot-state').textContent()).toContain('Complet');
    await screenshotToLookAt(page, { path: '/tmp/phone-refused-full-toast-390.png' });

    await page.getByRole('button', { name: "1 modification n'a pas pu être envoyée" }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifications non envoyées' });
    await dialog.locator('.failed-why').waitFor();
    expect(await dialog.locator('.failed-why').textContent()).toBe("Ce créneau est complet\u00a0: Alice s'en occupe.");
    expect(await dialog.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    const others = dialog.getByRole('link', { name: 'Voir les autres créneaux' });
    expect(await others.getAttribute('href')).toBe(`/dashboard/villages/${village.id}/needs/${needId}/helps`);
    expect(await dialog.getByRole('button', { name: 'Retirer' }).count()).toBe(1);
    await checkPhoneScreen(page, 'refused-full', async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
    await others.click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Removed: the slot no longer speaks of Bruno's take.
    await page.getByRole('button', { name: "1 modification n'a pas pu être envoyée" }).click();
    await dialog.getByRole('button', { name: 'Retirer' }).click();
    await expect.poll(() => row.locator('.slot-write').count()).toBe(0);
    await page.close();
  });
});
