/**
 * Firefox ESR, without Background Sync (the page alone replays): writes made while the server was down reach it
 * within seconds of its return with the app open, though the device's backoff had grown to its cap
 * (outage-return.ts).
 */
import { expect, it } from 'vitest';
import { startApp } from '../browser/harness';
import { runAppBuild } from '../browser/pwa-build';
import { openFirefox, userDriver } from './firefox-page';
import { measureReturnAfterOutage, RETURN_TARGET_MS } from './outage-return';

const app = await startApp({ DIST_DIR: runAppBuild() });
const browser = await openFirefox();

it('sends the writes of an outage within 5 s of the server answering again', { timeout: 150_000 }, async () => {
  const page = await browser.newPage();
  const { returnMs } = await measureReturnAfterOutage(app, userDriver(page), 'firefox');
  expect(returnMs).toBeLessThanOrEqual(RETURN_TARGET_MS);
  await page.close();
});
