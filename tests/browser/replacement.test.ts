/**
 * « Je ne peux plus » with a replacement, in real Chromium profiles against the real server, at 390 px: Bruno
 * holds Friday's dinner, taps « Je ne peux plus » and chooses « Chercher un remplaçant »; Inès, on her own
 * phone, reads « Bruno cherche quelqu’un » on her village home and on the need's slots, and takes it over in one tap; the server then has
 * the slot as hers alone and Inès's screen says « Vous y allez ». Then, offline, Inès's take-over waits while
 * Claire is faster: once back, the refusal names Claire. No accessibility violation (axe-core).
 * Screenshots: /tmp/replacement-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatSlotDay, formatSlotStart } from '../../src/contract/french-time';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, PHONE, signedInPage } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const [brunoPhone, inesPhone] = [await openBrowser(), await openBrowser()];
const PASSWORD = 'motdepasse-solide-1';
const ZONE = 'Europe/Paris';

// Five days ahead at 19 h: in the future whatever day the test runs, and past the 48 hours of a late withdrawal.
const day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 5 });
const START = day.set({ hour: 19 }).toUTC().toISO({ suppressMilliseconds: false })!;
/** "mercredi 2 décembre", as Playwright reads the page's non-breaking spaces. */
const dayWords = formatSlotDay(day.toISO()!).replace(/\u00a0/g, ' ');

async function phoneOf(context: BrowserContext, token: string, path: string): Promise<Page> {
  const page = await signedInPage(context, app.base, token);
  await page.setViewportSize(PHONE);
  await page.goto(`${app.base}${path}`);
  return page;
}

const member = async (first_name: string, handle: string, shareCode: string) => {
  const user = await registerUser(app.base, {
    email: `${handle}@example.org`,
    password: PASSWORD,
    first_name,
    last_name: 'Test',
  });
  const joined = await api(app.base, user.token, 'PUT', '/v1/villages/join/helper', { share_code: shareCode });
  return { token: user.token, villagerId: joined.body.data.id as string };
};

/**
 * Claire's open village, Bruno and Inès in it (handles name their addresses, unique per test), and Friday's
 * dinner (one place) held by Bruno.
 */
async function brunosDinner(handle: string) {
  const claire = await registerUser(app.base, {
    email: `claire.${handle}@example.org`,
    password: PASSWORD,
    first_name: 'Claire',
    last_name: 'Roy',
  });
  const village = await createOpenVillage(app.base, claire.token);
  const claireVillager = village.villagerId;
  const bruno = await member('Bruno', `bruno.${handle}`, village.shareCode);
  const ines = await member('Inès', `ines.${handle}`, village.shareCode);
  const need = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
    villager_id: claireVillager,
    name: 'Dîner',
    schedule: { dtstart: `${day.toISODate()}T19:00`, duration_minutes: 90, rrule: null, places: 1 },
  });
  expect(need.status, JSON.stringify(need.body)).toBe(201);
  const needId: string = need.body.data.id;
  const taken = await api(app.base, bruno.token, 'POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
    helper_id: bruno.villagerId,
    start_date: START,
  });
  expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  const serverHelps = async () =>
    (await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}?include=helps`)).body.data.helps as {
      id: string;
      helper_id: string;
      replacement_asked_at: string | null;
    }[];
  return {
    claire: { token: claire.token, villagerId: claireVillager },
    village,
    bruno,
    ines,
    needId,
    helpId: taken.body.data.id as string,
    serverHelps,
  };
}

describe('« Je ne peux plus » with a replacement', () => {
  it('a helper asks for a replacement and another member takes the slot over in one tap', async () => {
    const { village, bruno, ines, needId, serverHelps } = await brunosDinner('relais');

    // Bruno: « Je ne peux plus » → « Chercher un remplaçant ».
    const b = await phoneOf(brunoPhone.context, bruno.token, `/dashboard/villages/${village.id}/needs/${needId}`);
    const cannotCome = b.getByRole('button', { name: new RegExp(`^Je ne peux plus : ${dayWords}`) });
    await cannotCome.waitFor({ timeout: 30_000 });
    await cannotCome.click();
    const dialog = b.getByRole('dialog', { name: 'Vous ne pouvez plus venir ?' });
    const seek = dialog.getByRole('button', { name: 'Chercher un remplaçant' });
    await seek.waitFor();
    // The dialog's first focus is the replacement, the choice that keeps the slot covered.
    expect(await seek.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshotToLookAt(b, { path: '/tmp/replacement-dialog-390.png' });
    expect(await axeViolations(b)).toEqual([]);
    await seek.click();
    await b.getByText('Vous cherchez quelqu’un').waitFor();
    await expect.poll(async () => (await serverHelps())[0]?.replacement_asked_at ?? null, { timeout: 20_000 }).not.toBeNull();

    // Inès: « Bruno cherche quelqu’un », then « Je prends le relais » in one tap.
    // Her village home says it first, with the slot in words.
    const i = await phoneOf(inesPhone.context, ines.token, `/dashboard/villages/${village.id}/home`);
    const requests = i.getByRole('region', { name: 'Relais demandés' });
    await requests.getByText(/^Bruno cherche quelqu’un pour «\s?Dîner/).waitFor({ timeout: 30_000 });
    await screenshotToLookAt(i, { path: '/tmp/replacement-home-390.png', fullPage: true });
    expect(await axeViolations(i)).toEqual([]);
    await i.goto(`${app.base}/dashboard/villages/${village.id}/needs/${needId}`);
    await i.getByText('Bruno cherche quelqu’un').waitFor({ timeout: 30_000 });
    const takeOver = i.getByRole('button', { name: new RegExp(`^Je prends le relais de Bruno : ${dayWords}`) });
    await screenshotToLookAt(i, { path: '/tmp/replacement-seeking-390.png', fullPage: true });
    expect(await axeViolations(i)).toEqual([]);
    await takeOver.click();
    await i.getByRole('button', { name: new RegExp(`^Je ne peux plus : ${dayWords}`) }).waitFor();
    await expect(i.getByText('Vous y allez').count()).resolves.toBe(1);
    await expect.poll(async () => (await serverHelps()).map((h) => h.helper_id), { timeout: 20_000 }).toEqual([ines.villagerId]);
    await screenshotToLookAt(i, { path: '/tmp/replacement-taken-390.png', fullPage: true });
    // A refusal is said by the first open page that sees it: the next test's page must be the only one.
    await Promise.all([b.close(), i.close()]);
  }, 120_000);

  it('taken over offline, it waits; someone faster makes the server refuse it by name, said to the person', async () => {
    const { claire, village, bruno, ines, needId, helpId, serverHelps } = await brunosDinner('hors-ligne');
    const asked = await api(app.base, bruno.token, 'POST', `/v1/villages/${village.id}/helps/${helpId}/replacement`, {
      helper_id: bruno.villagerId,
    });
    expect(asked.status).toBe(201);
    const i = await phoneOf(inesPhone.context, ines.token, `/dashboard/villages/${village.id}/needs/${needId}`);
    const takeOver = i.getByRole('button', { name: new RegExp(`^Je prends le relais de Bruno : ${dayWords}`) });
    await takeOver.waitFor({ timeout: 30_000 });
    await i.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });

    // No network on Inès's phone: the take-over shows at once and waits.
    await inesPhone.context.setOffline(true);
    await takeOver.click();
    await i.getByRole('button', { name: new RegExp(`^Je ne peux plus : ${dayWords}`) }).waitFor();
    await i.getByText('1 modification en attente').waitFor();

    // Meanwhile Claire takes it over; then Inès's phone is back and sends hers.
    const faster = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/helps/${helpId}/take-over`, {
      helper_id: claire.villagerId,
    });
    expect(faster.status).toBe(201);
    await inesPhone.context.setOffline(false);
    await i.evaluate(() => window.dispatchEvent(new Event('online')));
    const what = `Relais du ${formatSlotStart(START)} sur « Dîner »`.replace(/\u00a0/g, ' ');
    // Said at once, in the page's live region, as every refused change.
    const messages = i.getByRole('status', { name: 'Messages' });
    await expect
      .poll(async () => (await messages.textContent())?.replace(/\u00a0/g, ' '), { timeout: 30_000 })
      .toContain(`Modification non enregistrée : ${what}. Claire a déjà pris le relais.`);
    const failed = i.getByRole('button', { name: "1 modification n'a pas pu être envoyée" });
    await failed.click();
    const dialog = i.getByRole('dialog', { name: 'Modifications non envoyées' });
    await dialog.locator('.failed-why').waitFor();
    expect(await dialog.locator('.failed-why').textContent()).toBe('Claire a déjà pris le relais.');
    expect(await dialog.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    await screenshotToLookAt(i, { path: '/tmp/replacement-refused-390.png', fullPage: true });
    expect(await axeViolations(i)).toEqual([]);
    expect((await serverHelps()).map((h) => h.helper_id)).toEqual([claire.villagerId]);
  }, 120_000);
});
