/**
 * The home-screen guidance in a real Chromium against the real server, dressed as Safari on an iPhone (its user
 * agent, and `navigator.standalone` false as in a Safari tab): a visitor who signs up from a join link is shown
 * the sheet once in the village, and never on the sign-in or join screens; the build's manifest has its
 * description and screenshots, and the Apple touch icon is 180 × 180. Screenshot /tmp/home-screen-sheet-390.png.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { phoneContext, watchContentSecurityPolicy } from '../support/chromium';
import { createOpenVillage, registerUser, startApp } from './harness';
import { axeViolations } from './screens';
import { screenshotToLookAt } from './look-at';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SHEET = "Ajoutez Village à votre écran d'accueil";
/** The sheet waits 1.5 s after the village opens, and only a village's pages mount it: 2.5 s is long enough to say it did not come. */
const ABSENCE_MS = 2500;
const PASSWORD = 'motdepasse-solide-1';

const app = await startApp();
const profile = await mkdtemp(join(tmpdir(), 'village-chromium-iphone-'));
const context = await chromium.launchPersistentContext(profile, { ...phoneContext, userAgent: IPHONE_SAFARI });
// Safari's own property, which Chromium lacks: false in a tab, true once opened from the home screen.
await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { configurable: true, get: () => false }));
context.setDefaultTimeout(15_000);
const cspViolations = watchContentSecurityPolicy(context);
afterEach(() => expect(cspViolations(), 'Content-Security-Policy violations').toEqual([]));
afterAll(async () => {
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

const sheetOf = (page: Page) => page.getByRole('dialog', { name: SHEET });

async function expectNoSheet(page: Page, where: string) {
  await page.waitForTimeout(ABSENCE_MS);
  expect(await page.locator('dialog.home-screen-sheet[open]').count(), where).toBe(0);
}

describe('the home-screen sheet on an iPhone in Safari', () => {
  it('shows after joining a village from its link, never on the sign-in screens before, and "Plus tard" puts it off', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.home@example.test',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Martin',
    });
    const village = await createOpenVillage(app.base, claire.token, { first_name: 'Jeanne', last_name: 'Roy' });

    const page = await context.newPage();
    expect(await page.evaluate(() => [navigator.userAgent, (navigator as Navigator & { standalone?: boolean }).standalone])).toEqual([
      IPHONE_SAFARI,
      false,
    ]);
    await page.goto(`${app.base}/join/village?c=${village.shareCode}&rli=jv`);
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByRole('region', { name: /Vous êtes invité·e à rejoindre/ }).waitFor();
    await expectNoSheet(page, 'the join link, signed out');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.waitForURL(/\/auth\/register\?/);
    // The address changes before the sign-up screen's code has come: until then the join screen stays, and its own
    // Prénom and Nom took what was typed (under load: « Ce champ est requis » on the new form, and no sign-up sent).
    await page.getByRole('heading', { name: 'Créer un compte', exact: true }).waitFor();
    await page.getByLabel('Prénom').fill('Hugo');
    await page.getByLabel('Nom', { exact: true }).fill('Bernard');
    await page.getByLabel('Email').fill('hugo.home@example.test');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await expectNoSheet(page, 'the account form');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    // A sign-up, the join and the village brought onto the device: more than the default 15 s on a busy CI.
    await page.waitForURL(new RegExp(`/dashboard/villages/${village.id}/home$`), { timeout: 30_000 });
    const sheet = sheetOf(page);
    await sheet.waitFor();
    // The two steps, the share icon beside its name (hidden from screen readers, the word says it), and why.
    const steps = await sheet.getByRole('listitem').allTextContents();
    expect(steps.filter((s) => s.includes('Partager') || s.includes('Sur l'))).toEqual([
      'Touchez «\u00a0Partager\u00a0»  dans la barre de Safari (ou dans son menu ⋯).',
      "Choisissez «\u00a0Sur l'écran d'accueil\u00a0», puis «\u00a0Ajouter\u00a0».",
    ]);
    expect(await sheet.locator('li svg').getAttribute('aria-hidden')).toBe('true');
    await sheet.getByText('rappels et notifications', { exact: false }).waitFor();
    await sheet.getByText('fonctionne hors connexion', { exact: false }).waitFor();
    // A modal: focus is inside it, the rest of the page is out of reach.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog.home-screen-sheet'))).toBe(true);
    expect(await page.evaluate(() => document.querySelector('dialog.home-screen-sheet')?.matches(':modal'))).toBe(true);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshotToLookAt(page, { path: '/tmp/home-screen-sheet-390.png' });
    expect(await axeViolations(page)).toEqual([]);

    // The start asked for persistent storage and kept the answer, for later screens to say whether it is protected.
    const persisted = await page.evaluate(() => JSON.parse(localStorage.getItem('village-storage-persisted') ?? 'null'));
    expect(persisted).toMatchObject({ granted: expect.any(Boolean), supported: true, standalone: false });

    // Escape is "Plus tard": closed, kept, not shown again at the next visit.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // The dialog's `close` event, which keeps the dismissal, is a task queued after the dialog is hidden.
    const readRecord = () => page.evaluate(() => JSON.parse(localStorage.getItem('village-home-screen') ?? 'null'));
    await expect.poll(async () => (await readRecord())?.dismissedAt ?? null, { timeout: 5_000 }).not.toBeNull();
    const record = await readRecord();
    expect(record.villages).toEqual([village.id]);
    expect(Date.now() - record.dismissedAt).toBeLessThan(60_000);
    await page.reload();
    await page.getByRole('heading', { name: 'Dernières nouvelles' }).waitFor();
    await expectNoSheet(page, 'the village again, after Plus tard');
    await page.close();
  }, 120_000);

  it('is offered again 14 days later inside the app, never on the sign-in or join screens', async () => {
    const olga = await registerUser(app.base, {
      email: 'olga.home@example.test',
      password: PASSWORD,
      first_name: 'Olga',
      last_name: 'Petit',
    });
    const village = await createOpenVillage(app.base, olga.token, { first_name: 'Paul', last_name: 'Petit' });
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    // A device that has a village and put the sheet off 15 days ago, now signed out.
    await page.evaluate((villageId) => {
      localStorage.removeItem('ga-token');
      localStorage.setItem('village-install-earned', '1');
      const fifteenDaysAgo = Date.now() - 15 * 24 * 3600 * 1000;
      localStorage.setItem('village-home-screen', JSON.stringify({ dismissedAt: fifteenDaysAgo, villages: [villageId] }));
    }, village.id);
    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await expectNoSheet(page, '/auth/login');
    await page.goto(`${app.base}/auth/register`);
    await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await expectNoSheet(page, '/auth/register');
    await page.goto(`${app.base}/join/village?c=${village.shareCode}`);
    await page.waitForURL(/\/auth\/login\?/);
    await expectNoSheet(page, 'the join link, signed out');

    // Signed in, in the app: the same device is offered it again. A join link leads with joining by e-mail.
    await page.getByRole('button', { name: "J'ai déjà un compte" }).click();
    await page.getByLabel('Email').fill('olga.home@example.test');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL(/\/dashboard\//);
    await sheetOf(page).waitFor();
    await sheetOf(page).getByRole('button', { name: 'Plus tard' }).click();
    await sheetOf(page).waitFor({ state: 'hidden' });
    await page.close();
  }, 120_000);
});

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian). */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe('what the build gives the home screen', () => {
  it('a manifest with a French description and screenshots of the app, and a 180 × 180 Apple touch icon', async () => {
    const manifest = await (await fetch(`${app.base}/manifest.webmanifest`)).json();
    expect(manifest.description).toMatch(/entraide/);
    const narrow = manifest.screenshots.filter((s: { form_factor?: string }) => s.form_factor !== 'wide');
    expect(narrow.length).toBeGreaterThanOrEqual(1);
    for (const shot of manifest.screenshots as { src: string; sizes: string; type: string; label: string }[]) {
      const res = await fetch(`${app.base}${shot.src}`);
      expect(res.status, shot.src).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(shot.type).toBe('image/png');
      const { width, height } = pngSize(bytes);
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
      expect(bytes.length, `${shot.src} stays small`).toBeLessThan(150_000);
      expect(shot.label.length).toBeGreaterThan(0);
    }
    const html = await (await fetch(`${app.base}/auth/login`)).text();
    expect(html).toContain('<link rel="apple-touch-icon" sizes="180x180" href="/icons/apple-touch-icon-180.png" />');
    const icon = await fetch(`${app.base}/icons/apple-touch-icon-180.png`);
    expect(icon.status).toBe(200);
    expect(pngSize(Buffer.from(await icon.arrayBuffer()))).toEqual({ width: 180, height: 180 });
  });
});
