/**
 * Issue 18, item 5 (how a number is shown), in a real Chromium against the real server at 360 and 390 px:
 * a number sent as national digits ("0612345678", as older apps sent it; the server keeps it in E.164) reads
 * "06 12 34 56 78" on the village's page and its management page, and the call link dials it in E.164.
 * Numbers still stored as digits read the same (src/features/village-infos, unit). How a number is typed:
 * phone-number-input.test.ts. Screenshots /tmp/phone-number-*.png.
 */
import { describe, expect, it } from 'vitest';
import { createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

describe('a phone number where it is shown', () => {
  it('reads in the national format and calls in E.164', async () => {
    const alice = await registerUser(app.base, {
      email: 'alice-phone-number@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Moreau',
    });
    const village = await createOpenVillage(app.base, alice.token, { phone: '0612345678' });

    const page = await signedInPage(context, app.base, alice.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/infos`);
    const call = page.getByRole('link', { name: 'Appeler le 06 12 34 56 78' });
    await call.waitFor({ timeout: 20_000 });
    expect(await call.getAttribute('href')).toBe('tel:+33612345678');
    await checkPhoneScreen(page, 'number-infos', async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const box = await call.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    });

    await page.goto(`${app.base}/dashboard/villages/${village.id}/manage`);
    await page.getByText('06 12 34 56 78').waitFor({ timeout: 20_000 });
    await checkPhoneScreen(page, 'number-manage', async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
    await page.close();
  });
});
