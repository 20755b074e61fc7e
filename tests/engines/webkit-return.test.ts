/**
 * WebKit (the engine of Safari on iPhone), without Background Sync (the page alone replays): writes made while
 * the server was down reach it within seconds of its return with the app open, though the device's backoff had
 * grown to its cap (outage-return.ts).
 */
import { expect, it, onTestFinished } from 'vitest';
import { startApp } from '../browser/harness';
import { runAppBuild } from '../browser/pwa-build';
import { startWebKit } from '../support/webdriver';
import { measureReturnAfterOutage, RETURN_TARGET_MS } from './outage-return';
import { userDriver } from './webkit-page';

const app = await startApp({ DIST_DIR: runAppBuild() });

it('sends the writes of an outage within 5 s of the server answering again', { timeout: 150_000 }, async () => {
  const { session, quit } = await startWebKit({ timeZone: 'Europe/Paris' });
  onTestFinished(() => quit());
  const { returnMs } = await measureReturnAfterOutage(app, userDriver(session), 'webkit');
  expect(returnMs).toBeLessThanOrEqual(RETURN_TARGET_MS);
});
