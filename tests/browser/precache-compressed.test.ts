/**
 * The service worker's precache downloads the build's Brotli copies (server/static/pwa.ts): Chromium's worker
 * sends its own Accept-Encoding, and what it keeps still opens the app with the network gone.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBrowser, startApp } from './harness';
import { runAppBuild } from './pwa-build';

const app = await startApp();
const { context } = await openBrowser();

describe('the precache over the wire', () => {
  it('fetches the Brotli copy of every file that has one, and opens offline from what it kept', async () => {
    const fetched: { path: string; encoding: string | undefined }[] = [];
    context.on('response', (response) => {
      if (!response.request().serviceWorker()) return;
      fetched.push({ path: new URL(response.url()).pathname, encoding: response.headers()['content-encoding'] });
    });
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });

    const assets = fetched.filter((f) => f.path.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(50);
    const withCopy = assets.filter((f) => existsSync(join(runAppBuild(), `${f.path}.br`)));
    expect(withCopy.length).toBeGreaterThan(50);
    expect(withCopy.filter((f) => f.encoding !== 'br')).toEqual([]);

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });
});
