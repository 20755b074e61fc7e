/**
 * The browser suite's watch on the server's Content-Security-Policy (harness.ts, openBrowser): a violation
 * in a page or in the service worker is seen, and would fail the test it happens in. Each test here makes one
 * on purpose and takes it, so that the suite's own check stays clean.
 */
import { describe, expect, it } from 'vitest';
import { openBrowser, startApp } from './harness';

const app = await startApp();
const { context, cspViolations } = await openBrowser();

describe("the browser suite's watch on the Content-Security-Policy", () => {
  it('sees an inline script a page tries to run, and the script does not run', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.getByRole('heading').first().waitFor();
    expect(cspViolations()).toEqual([]);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return 'injected' in window;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations().join('\n'), { timeout: 5_000 }).toMatch(/Content Security Policy.*script-src/s);
    await page.close();
  });

  it('sees a connection the service worker tries to a host the policy does not name', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    const [worker] = context.serviceWorkers();
    await worker.evaluate(() => fetch('https://elsewhere.example/').catch(() => undefined));
    await expect
      .poll(() => cspViolations().join('\n'), { timeout: 5_000 })
      .toMatch(/in the worker: connect-src refused https:\/\/elsewhere\.example/);
    await page.close();
  });
});
