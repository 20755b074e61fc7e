/**
 * Issue 18's phones: each screen looked at in a phone held in one hand, at 360 and 390 CSS px wide, with a
 * screenshot to open (/tmp/phone-<name>-<width>.png) and axe-core finding nothing at either width.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, PHONE } from './screens';
import { checkSmallAndLargeText } from './reflow-checks';
import { screenshotToLookAt } from './look-at';

export const PHONES = [{ width: 360, height: 780 }, PHONE] as const;

/**
 * At each phone width: a screenshot, no axe violation, and `check` (what the test asserts at that width); then
 * the screen at 320 px and with the text doubled (reflow-checks.ts, issue 18 item 8); back to 390 px.
 */
export async function checkPhoneScreen(page: Page, name: string, check: (width: number) => Promise<void> = async () => undefined) {
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await check(size.width);
    // The screen at rest: a request still under way shows the global loading bar, outside the page's landmarks
    // (axe's "region"), for as long as a slow shared machine takes to answer (CI saw it once on a screen just created).
    await expect.poll(() => page.locator('.loading-bar.active').count(), { timeout: 10_000 }).toBe(0);
    await screenshotToLookAt(page, { path: `/tmp/phone-${name}-${size.width}.png`, fullPage: true });
    expect(await axeViolations(page), `${name} at ${size.width} px`).toEqual([]);
  }
  await checkSmallAndLargeText(page, `phone-${name}`);
}
