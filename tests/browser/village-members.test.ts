/**
 * Members of a village in a real Chromium against the real server, two users in two browser contexts:
 * the creator removes a helper, who loses access on their own device; the infos and management screens
 * looked at (screenshots in /tmp/village-*.png) with no axe-core violation at 390 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';

const app = await startApp();
const creatorBrowser = await openBrowser();
const helperBrowser = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';

describe("a village's members", () => {
  it('the creator removes a helper, who loses access to the village on their own device', async () => {
    const creator = await registerUser(app.base, {
      email: 'createur@example.org',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const helper = await registerUser(app.base, {
      email: 'aidant@example.org',
      password: PASSWORD,
      first_name: 'Marc',
      last_name: 'Petit',
    });
    const village = await createOpenVillage(app.base, creator.token, {
      infos: 'Maman se remet de son opération.',
      home_infos: 'Digicode 4521B',
      phone: '0612345678',
    });
    expect((await api(app.base, helper.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );

    // The helper has the village on their device, and in their list.
    const helperPage = await signedInPage(helperBrowser.context, app.base, helper.token);
    await helperPage.goto(`${app.base}/dashboard/villages`);
    await helperPage.getByRole('heading', { name: /Jeanne/ }).waitFor({ timeout: 20_000 });
    await helperPage.goto(`${app.base}/dashboard/villages/${village.id}/infos`);
    await helperPage.getByText('Digicode 4521B').waitFor({ timeout: 20_000 });
    await helperPage.getByRole('link', { name: /06 12 34 56 78/ }).waitFor();
    await checkScreen(helperPage, 'infos');

    // The creator manages the village and removes the helper.
    const page = await signedInPage(creatorBrowser.context, app.base, creator.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/manage`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    await page.getByText(village.shareCode).first().waitFor();
    await checkScreen(page, 'manage');
    await page.goto(`${app.base}/dashboard/villages/${village.id}/manage/members`);
    await page.getByRole('button', { name: 'Retirer Marc Petit du village' }).waitFor({ timeout: 20_000 });
    await checkScreen(page, 'members');
    await page.getByRole('button', { name: 'Retirer Marc Petit du village' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retirer du village' }).click();
    await page.getByText('Suppression effectuée avec succès.').waitFor();
    await expect
      .poll(async () => (await api(app.base, helper.token, 'GET', `/v1/villages/${village.id}`)).status, { timeout: 20_000 })
      .toBe(403);

    // The helper opens the app again: the village has left their list, and its pages are closed to them.
    await helperPage.goto(`${app.base}/dashboard/villages`);
    await helperPage.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    await helperPage.waitForLoadState('networkidle');
    expect(await helperPage.getByRole('heading', { name: /Jeanne/ }).count()).toBe(0);
    await helperPage.goto(`${app.base}/dashboard/villages/${village.id}/infos`);
    // Said in French, with no 404 and no id (issue 14).
    await helperPage
      .getByText('Vous ne faites plus partie de ce village : il a été retiré de cet appareil.')
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await helperPage.getByText(/Page Not Found/).count()).toBe(0);
    expect(await helperPage.getByText('Digicode 4521B').count()).toBe(0);
    await page.close();
    await helperPage.close();
  });
});
