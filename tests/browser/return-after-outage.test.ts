/**
 * Chromium, with its Background Sync: writes made while the server was down reach it within seconds of its
 * return with the app open, though the device's backoff had grown to its cap (tests/engines/outage-return.ts).
 */
import { expect, it } from 'vitest';
import { openBrowser, startApp } from './harness';
import { measureReturnAfterOutage, RETURN_TARGET_MS } from '../engines/outage-return';

const app = await startApp();
const { context } = await openBrowser();

it('sends the writes of an outage within 5 s of the server answering again', { timeout: 240_000 }, async () => {
  const page = await context.newPage();
  const { returnMs } = await measureReturnAfterOutage(
    app,
    {
      goto: async (url) => void (await page.goto(url)),
      run: (expression) => page.evaluate(expression),
    },
    'chromium',
  );
  expect(returnMs).toBeLessThanOrEqual(RETURN_TARGET_MS);
  await page.close();
});
