import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, registerUser, startApp } from './harness';
import { axeViolations } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();

/** A navigation inside the app, as the router's history sees a back/forward: no page load. */
async function navigateInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, href);
}

describe('the root UI', () => {
  it('answers an unknown address on first load with "Page Not Found" and the path', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/nulle/part?x=1`);
    await expect.poll(() => page.textContent('h1')).toBe('Page Not Found /nulle/part');
    await page.close();
  });

  it('answers a guard’s refusal on the initial load, bootstrap included, with "Page Not Found" and the path', async () => {
    const { token } = await registerUser(app.base, {
      email: 'root-ui@example.org',
      password: 'un mot de passe solide',
      first_name: 'Rose',
      last_name: 'Ui',
    });
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
    await page.goto(`${app.base}/dashboard/villages/0190c0de-0000-7000-8000-000000000000/chat?x=1`);
    await expect.poll(() => page.textContent('h1')).toBe('Page Not Found /dashboard/villages/0190c0de-0000-7000-8000-000000000000/chat');
    await page.evaluate(() => localStorage.removeItem('ga-token'));
    await page.close();
  });

  it('answers an unknown address after a navigation with "Page not found" and the full path, with no axe violation', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await navigateInApp(page, '/nulle/part?x=1');
    await expect.poll(() => page.textContent('h1')).toBe('Page not found /nulle/part?x=1');
    await screenshotToLookAt(page, { path: '/tmp/root-ui-404-after-navigation.png' });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('rotates the tab title every 1.5 s through the four texts', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    // Each change of the title with when it happened, watched for a little more than a full cycle.
    const changes = await page.evaluate(
      () =>
        new Promise<{ title: string; at: number }[]>((resolve) => {
          const seen = [{ title: document.title, at: performance.now() }];
          new MutationObserver(() => {
            if (document.title !== seen[seen.length - 1].title) seen.push({ title: document.title, at: performance.now() });
            if (seen.length === 6) resolve(seen);
          }).observe(document.querySelector('title')!, { childList: true, characterData: true, subtree: true });
        }),
    );
    const cycle = ['Village', 'Village votre', 'village', "village d'entraide"];
    const titles = changes.map((c) => c.title);
    expect(new Set(titles)).toEqual(new Set(cycle));
    for (let i = 1; i < titles.length; i++) expect(titles[i]).toBe(cycle[(cycle.indexOf(titles[i - 1]) + 1) % cycle.length]);
    for (let i = 2; i < changes.length; i++) expect(changes[i].at - changes[i - 1].at).toBeGreaterThan(1_300);
    for (let i = 2; i < changes.length; i++) expect(changes[i].at - changes[i - 1].at).toBeLessThan(1_800);
    await page.close();
  });
});
