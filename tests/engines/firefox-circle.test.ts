/**
 * Issue 41's circle in Firefox ESR (circle-journey.ts): news written with the server stopped reaches it once it
 * is back, exactly once, and a helper who joins from the village's link lands on its home and sees the person's
 * name, the next open slot and that news. Nothing the page throws goes unhandled.
 */
import { expect, it } from 'vitest';
import { startApp } from '../browser/harness';
import { runAppBuild } from '../browser/pwa-build';
import { walkTheCircle } from './circle-journey';
import { RETURN_TARGET_MS } from './outage-return';
import { openFirefox, userDriver } from './firefox-page';

const app = await startApp({ DIST_DIR: runAppBuild() });
const browser = await openFirefox();

it('sends news written offline once the server is back; a helper who joins lands on the home with it', { timeout: 120_000 }, async () => {
  const page = await browser.newPage();
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(String(error)));
  const { newsReturnMs } = await walkTheCircle(app, userDriver(page), 'firefox');
  // Each engine's file asserts what it measured: the news on the server within the target of its return.
  expect(newsReturnMs).toBeLessThanOrEqual(RETURN_TARGET_MS);
  expect(uncaught).toEqual([]);
  await page.close();
});
