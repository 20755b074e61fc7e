/**
 * Issue 18, item 5 (a number as it is typed), in a real Chromium against the real server at 360 and 390 px:
 * "06 12" gets a French message at the field and nothing is queued nor saved; letters get the spec's
 * "Le champs doit être un chiffre"; "06 12 34 56 78" is kept in E.164 and reads "06 12 34 56 78" with a
 * tel:+33612345678 link; the profile takes a number of another country. Screenshots
 * /tmp/phone-number-input-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

/** The writes waiting in this page's outbox (IndexedDB), as the app keeps them. */
const queued = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('village');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox', 'readonly').objectStore('outbox').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );

const fieldError = (page: Page) => page.locator('.field-error').textContent();
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a phone number as it is typed', () => {
  it('on the village’s contact number: a French message, nothing saved, then kept in E.164 and shown in the national format', async () => {
    const alice = await registerUser(app.base, {
      email: 'alice-phone-input@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Moreau',
    });
    const village = await createOpenVillage(app.base, alice.token);
    const onServer = async () => (await api(app.base, alice.token, 'GET', `/v1/villages/${village.id}`)).body.data.phone;

    const page = await signedInPage(context, app.base, alice.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/manage/phone`);
    const field = page.getByLabel('Numéro de téléphone');
    await field.waitFor({ timeout: 20_000 });
    const save = page.getByRole('button', { name: 'Enregistrer', exact: true });

    await field.fill('06 12');
    await save.click();
    await expect.poll(() => fieldError(page)).toBe('Le numéro de téléphone est trop court');
    expect(await field.inputValue()).toBe('06 12');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await checkPhoneScreen(page, 'number-input-short', async () => {
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await page.locator('.field-error').isVisible()).toBe(true);
    });

    await field.fill('06 12 ab');
    await save.click();
    await expect.poll(() => fieldError(page)).toBe('Le champs doit être un chiffre');
    expect(page.url()).toMatch(/\/manage\/phone$/);
    expect(await queued(page)).toBe(0);
    expect(await onServer()).toBeNull();

    await field.fill('06 12 34 56 78');
    await save.click();
    await page.waitForURL(/\/manage$/);
    await expect.poll(onServer).toBe('+33612345678');
    await page.getByText('06 12 34 56 78').waitFor();

    await page.goto(`${app.base}/dashboard/villages/${village.id}/manage/phone`);
    await expect.poll(() => page.getByLabel('Numéro de téléphone').inputValue()).toBe('06 12 34 56 78');
    await checkPhoneScreen(page, 'number-input-saved', async () => {
      expect(await noSidewaysScroll(page)).toBe(true);
    });

    await page.goto(`${app.base}/dashboard/villages/${village.id}/infos`);
    const call = page.getByRole('link', { name: 'Appeler le 06 12 34 56 78' });
    await call.waitFor({ timeout: 20_000 });
    expect(await call.getAttribute('href')).toBe('tel:+33612345678');
    await page.close();
  });

  it('on the profile: a number of another country, by its code, kept in E.164', async () => {
    const bruno = await registerUser(app.base, {
      email: 'bruno-phone-input@example.org',
      password: PASSWORD,
      first_name: 'Bruno',
      last_name: 'Lefèvre',
    });
    const page = await signedInPage(context, app.base, bruno.token);
    await page.goto(`${app.base}/account/profile`);
    const field = page.getByLabel('Téléphone');
    await field.waitFor({ timeout: 20_000 });
    await field.fill('+44 20 7946');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => fieldError(page)).toBe('Le numéro de téléphone est trop court');
    await checkPhoneScreen(page, 'number-input-profile', async () => {
      expect(await noSidewaysScroll(page)).toBe(true);
    });

    await field.fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Vos modifications ont bien été enregistrées.').first().waitFor();
    expect((await api(app.base, bruno.token, 'GET', '/v1/users/me')).body.data.phone).toBe('+442079460958');
    await page.reload();
    await expect.poll(() => page.getByLabel('Téléphone').inputValue()).toBe('+44 20 7946 0958');
    await page.close();
  });
});
