/**
 * Issue 41's circle in WebKit (circle-journey.ts): news written with the server stopped reaches it once it is
 * back, exactly once, and a helper who joins from the village's link lands on its home and sees the person's
 * name, the next open slot and that news.
 */
import { expect, it, onTestFinished } from 'vitest';
import { startApp } from '../browser/harness';
import { runAppBuild } from '../browser/pwa-build';
import { startWebKit } from '../support/webdriver';
import { walkTheCircle } from './circle-journey';
import { RETURN_TARGET_MS } from './outage-return';
import { userDriver } from './webkit-page';

const app = await startApp({ DIST_DIR: runAppBuild() });

it('sends news written offline once the server is back; a helper who joins lands on the home with it', { timeout: 120_000 }, async () => {
  const { session, quit } = await startWebKit({ timeZone: 'Europe/Paris' });
  onTestFinished(() => quit());
  const { newsReturnMs } = await walkTheCircle(app, userDriver(session), 'webkit');
  // Each engine's file asserts what it measured: the news on the server within the target of its return.
  expect(newsReturnMs).toBeLessThanOrEqual(RETURN_TARGET_MS);
});
