/**
 * Looking at a screen in the browser tests: axe-core's violations, and a screenshot at a phone's and a
 * desktop's width (in /tmp with SCREENSHOTS=1, to be opened and looked at: look-at.ts), plus a page signed in with a token.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkSmallAndLargeText } from './reflow-checks';
import { screenshotToLookAt } from './look-at';

const AXE = new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname;
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * axe-core's violations on the page as it is, one readable line each. axe is put in a document once: a screen
 * looked at in several sizes is one document, and putting the 550 KB script in again cost 180–230 ms each time.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>, which the app's CSP refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate((await readFile(AXE, 'utf8')) + '\n;0');
  return page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run();
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

/**
 * Screenshots `/tmp/<prefix>-<name>-<width>.png` at both widths, with no axe violation at either, then the same
 * screen at 320 px and with the text doubled (reflow-checks.ts, issue 18 item 8); back to the phone's size.
 */
export async function checkScreen(page: Page, name: string, prefix = 'village') {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await screenshotToLookAt(page, { path: `/tmp/${prefix}-${name}-${size.width}.png`, fullPage: true });
    expect(await axeViolations(page), `${name} at ${size.width} px`).toEqual([]);
  }
  await checkSmallAndLargeText(page, `${prefix}-${name}`);
}

/** A new page of the context, signed in with the token as the app keeps it (localStorage). */
export async function signedInPage(context: BrowserContext, base: string, token: string): Promise<Page> {
  const page = await context.newPage();
  // An earlier page's session in this context is forgotten first, outside the app (a plain answer of the server):
  // the app opened with it made a warm start of that session, whose refresh, 400 ms later, sent the token written
  // below; a test that had revoked that one found itself signed out before its own step (phone-return-after-sign-in).
  await page.goto(`${base}/v1/health`);
  await page.evaluate(() => localStorage.removeItem('ga-token'));
  await page.goto(`${base}/auth/login`);
  // Written once the app has started (its root component is there, so its guards have read the session).
  await page.locator('a.skip-link').waitFor({ state: 'attached' });
  await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
  return page;
}
