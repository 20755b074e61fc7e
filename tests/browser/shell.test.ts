import { describe, expect, it } from 'vitest';
import { openBrowser, startApp } from './harness';

const app = await startApp();
const { context } = await openBrowser();

describe('the app shell', () => {
  it('sends a guest who opens a signed-in page to login, keeping where they meant to go', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/dashboard/villages`);
    await page.waitForURL(/\/auth\/login/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/villages');
    await page.close();
  });

  it('answers an unknown address on first load with the spec’s 404', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/nulle-part`);
    await expect.poll(() => page.textContent('h1')).toBe('Page Not Found /nulle-part');
    await page.close();
  });
});
