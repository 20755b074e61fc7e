/**
 * index.html's `data-early-loads` script (vite.config.ts, earlyLoads) in a real Chromium against the real server:
 * a cold join link signed out asks for the sign-in route's chunks, the join's lazy parts and the preview's answer
 * as the page is read, before the entry's code has run (a module script runs once the document is parsed, after
 * the navigation's domInteractive; the inline script runs while it is parsed), and the app's
 * own call for the preview is answered by that early request, not a second one. The sign-in page asks for its own
 * route's chunks only. The server's policy allows the script by its hash: the harness fails a test on a violation.
 * A browser that refuses the site its storage gets neither: it is told in French why the app cannot open.
 */
import { describe, expect, it } from 'vitest';
import { createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations } from './screens';

const app = await startApp();
const { context } = await openBrowser();

/** The page's resources as resource timing saw them (path, start, what asked for them), and when it was parsed. */
const resources = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
    seen: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      path: new URL(r.name).pathname,
      start: r.startTime,
      initiator: r.initiatorType,
    })),
  }));

/** The addresses of the join preview's requests the page makes, as they go out. */
function previewRequests(page: import('playwright-core').Page) {
  const previews: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/villages/join/preview')) previews.push(request.url());
  });
  return previews;
}

describe("the signed-out pages' early loads", () => {
  it('a join link asks for its code and its preview as the page is read, and the app uses that answer', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.early@example.test',
      password: 'motdepasse-solide-1',
      first_name: 'Claire',
      last_name: 'Martin',
    });
    const village = await createOpenVillage(app.base, claire.token, { first_name: 'Jeanne', last_name: 'Roy' });
    const page = await context.newPage();
    const previews = previewRequests(page);
    await page.goto(`${app.base}/join/village?c=${village.shareCode}&rli=jv`);
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByRole('region', { name: 'Vous êtes invité·e à rejoindre « Le village de Jeanne »' }).waitFor();

    expect(previews).toEqual([`${app.base}/v1/villages/join/preview?c=${village.shareCode}`]);
    const { parsed, seen } = await resources(page);
    const preview = seen.find((r) => r.path === '/v1/villages/join/preview');
    expect(preview?.initiator).toBe('link');
    for (const name of ['_auth-', 'auth.login-', 'join-login-', 'join-preview-card-', 'launch-queue-']) {
      const chunk = seen.find((r) => r.path.startsWith(`/assets/${name}`));
      expect(chunk?.start, name).toBeLessThan(parsed);
    }
    await page.close();
  });

  it("the sign-in page asks early for its route's chunks only, and for no preview", async () => {
    const page = await context.newPage();
    const previews = previewRequests(page);
    await page.goto(`${app.base}/auth/login`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const { parsed, seen } = await resources(page);
    expect(seen.find((r) => r.path.startsWith('/assets/auth.login-'))!.start).toBeLessThan(parsed);
    expect(seen.some((r) => r.path.startsWith('/assets/join-login-'))).toBe(false);
    expect(previews).toEqual([]);
    await page.close();
  });
  it('a storage that refuses to be read loads nothing early and says in French why the app cannot open', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // As when the browser blocks site data: reading localStorage throws.
    await page.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      }),
    );
    await page.goto(`${app.base}/auth/login`);
    await page.getByRole('heading', { level: 1, name: 'Village ne peut pas s’ouvrir dans ce navigateur' }).waitFor();
    await page.getByText('Autorisez les cookies et les données de site pour cette adresse').waitFor();
    const { seen } = await resources(page);
    expect(seen.some((r) => r.initiator === 'link' && r.path.startsWith('/assets/auth.login-'))).toBe(false);
    expect(errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
