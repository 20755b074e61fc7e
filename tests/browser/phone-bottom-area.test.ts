/**
 * Issue 18, item 1, in a real Chromium against the real server at 360 and 390 px: the bottom of the screen is
 * one area in a fixed order (the tab bar at the very bottom, at most one banner above it, toasts above both)
 * that covers neither the page nor the tab bar; the install offer waits until the person is in a village
 * (not at first sight); scrolled to the end, the last need of a long list is fully visible above the area.
 * Screenshots /tmp/phone-bottom-*.png (the viewport, where the area is).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen, PHONES } from './phone-screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

/** What Chromium does once the app is installable (it may do it itself, later): an install offer. */
const browserOffers = (page: Page) =>
  page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<unknown>;
    };
    offer.prompt = async () => undefined;
    offer.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(offer);
  });
const box = async (locator: Locator) => (await locator.boundingBox())!;
const installButton = (page: Page) => page.getByRole('button', { name: "Installer l'application" });

describe('the bottom of the screen on a phone', () => {
  it('offers the install only once in a village, stacks tab bar, banner and toast without covering the page', async () => {
    const olga = await registerUser(app.base, {
      email: 'olga-bottom@example.org',
      password: PASSWORD,
      first_name: 'Olga',
      last_name: 'Petit',
    });
    const village = await createOpenVillage(app.base, olga.token);
    const names = Array.from({ length: 14 }, (_, i) => `Besoin numéro ${i + 1}`);
    for (const name of names) {
      expect(
        (
          await api(app.base, olga.token, 'POST', `/v1/villages/${village.id}/needs`, {
            villager_id: village.villagerId,
            name,
            schedule: null,
          })
        ).status,
      ).toBe(201);
    }
    const marc = await registerUser(app.base, {
      email: 'marc-bottom@example.org',
      password: PASSWORD,
      first_name: 'Marc',
      last_name: 'Durand',
    });

    // A fresh profile: the browser's offer comes, the app keeps it to itself on the first screens.
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate(() => localStorage.clear());
    await page.close();
    const fresh = await signedInPage(context, app.base, marc.token);
    await fresh.goto(`${app.base}/dashboard/villages`);
    await fresh.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    await browserOffers(fresh);
    await fresh
      .getByRole('link', { name: /Rejoindre un village/ })
      .first()
      .waitFor();
    expect(await installButton(fresh).count()).toBe(0);
    await checkPhoneScreen(fresh, 'bottom-first-screen', async () => {
      expect(await installButton(fresh).count()).toBe(0);
    });

    // Joining by the link: the home, the welcome toast, the tab bar at the bottom, the install banner above it.
    await fresh.goto(`${app.base}/join/village?c=${village.shareCode}`);
    await fresh.waitForURL(new RegExp(`/dashboard/villages/${village.id}/home$`), { timeout: 20_000 });
    const toast = fresh.locator('.toast').first();
    await toast.waitFor();
    await browserOffers(fresh);
    const banner = fresh.locator('.pwa-banner-install');
    await banner.waitFor();
    const tabBar = fresh.getByRole('navigation', { name: /Village/ });
    const [bar, offer, message] = [await box(tabBar), await box(banner), await box(toast)];
    const viewport = fresh.viewportSize()!;
    expect(bar.y + bar.height).toBeCloseTo(viewport.height, 0);
    expect(offer.y + offer.height).toBeLessThanOrEqual(bar.y);
    expect(message.y + message.height).toBeLessThanOrEqual(offer.y);
    await screenshotToLookAt(fresh, { path: '/tmp/phone-bottom-toast-390.png' });

    // Scrolled to the end, at each width: the last need is whole above the banner, which is whole above the bar.
    await fresh.locator('.toast button').first().click();
    // The join lands on the village's home; its needs are one tab away.
    await tabBar.getByRole('link', { name: 'Besoins' }).click();
    await fresh.waitForURL(new RegExp(`/dashboard/villages/${village.id}/needs$`));
    const lastNeed = fresh.locator('.need-card').last();
    await expect.poll(() => fresh.locator('.need-card').count()).toBe(names.length);
    for (const size of PHONES) {
      await fresh.setViewportSize(size);
      await fresh.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(async () => (await box(tabBar)).y + (await box(tabBar)).height).toBeCloseTo(size.height, 0);
      const [need, offerNow, barNow] = [await box(lastNeed), await box(banner), await box(tabBar)];
      expect(offerNow.y + offerNow.height, `banner above the tab bar at ${size.width} px`).toBeLessThanOrEqual(barNow.y);
      expect(need.y + need.height, `last need above the banner at ${size.width} px`).toBeLessThanOrEqual(offerNow.y);
      expect(need.y).toBeGreaterThanOrEqual(0);
      expect(await fresh.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshotToLookAt(fresh, { path: `/tmp/phone-bottom-end-${size.width}.png` });
    }
    await checkPhoneScreen(fresh, 'bottom-needs');

    // "Plus tard": the banner goes and the page's room with it; the last need is then just above the bar.
    await fresh.getByRole('button', { name: 'Plus tard' }).click();
    await banner.waitFor({ state: 'detached' });
    await fresh.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await box(lastNeed)).y + (await box(lastNeed)).height).toBeLessThanOrEqual((await box(tabBar)).y);
    await fresh.close();
  });
});
