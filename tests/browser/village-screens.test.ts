/**
 * A village's needs, helps and planning in a real Chromium against the real server, for a manager and a
 * helper: what each may do, the planning showing the helps taken, and no accessibility violation (axe-core)
 * at a phone's and a desktop's width. Screenshots go to /tmp/village-*.png to be looked at.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';

const app = await startApp();
const { context } = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';
// Tomorrow in Paris: a slot at 23 h today is already past when the suite runs late, and the server refuses it.
const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 });

describe("a village's needs, helps and planning", () => {
  it('a manager adds needs from the catalogue, a helper takes a slot, the planning shows it, the manager refuses it', async () => {
    const manager = await registerUser(app.base, {
      email: 'gestion@example.org',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const helper = await registerUser(app.base, { email: 'aide@example.org', password: PASSWORD, first_name: 'Marc', last_name: 'Petit' });
    const village = await createOpenVillage(app.base, manager.token);
    expect((await api(app.base, helper.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );

    // The manager adds a need from the catalogue.
    const page = await signedInPage(context, app.base, manager.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
    await page.getByText('Aucun besoin pour le moment', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Ajouter un besoin' }).click();
    await page.getByRole('heading', { name: 'Ajouter un besoin' }).waitFor();
    await checkScreen(page, 'need-add');
    await page.getByRole('radio').first().check();
    const catalogueName = (
      await page
        .getByRole('radio')
        .first()
        .evaluate((el) => el.closest('label')?.textContent ?? '')
    ).trim();
    await page.getByRole('button', { name: 'Ajouter ce besoin' }).click();
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor();
    await page.getByText(catalogueName).waitFor();
    await expect
      .poll(async () => (await api(app.base, manager.token, 'GET', `/v1/villages/${village.id}?include=needs`)).body.data.needs.length)
      .toBe(1);
    await checkScreen(page, 'needs');

    // The helper sees the need, cannot manage it, and takes a slot tomorrow.
    const helperContext = (await openBrowser()).context;
    const helperPage = await signedInPage(helperContext, app.base, helper.token);
    await helperPage.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await helperPage.getByText(catalogueName).waitFor({ timeout: 20_000 });
    expect(await helperPage.getByRole('link', { name: 'Ajouter un besoin' }).count()).toBe(0);
    expect(await helperPage.getByRole('link', { name: 'Gérer' }).count()).toBe(0);
    await helperPage.getByRole('link', { name: new RegExp(catalogueName) }).click();
    expect(await helperPage.getByRole('button', { name: /Supprimer/ }).count()).toBe(0);
    await helperPage.getByRole('link', { name: 'Proposer mon aide' }).first().click();
    await helperPage.getByLabel('Date').fill(tomorrow.toISODate()!);
    await helperPage.getByLabel('Début').fill('23:00');
    await helperPage.getByLabel('Fin').fill('23:30');
    await checkScreen(helperPage, 'help-add');
    await helperPage.getByRole('button', { name: 'Proposer mon aide' }).click();
    await helperPage.getByRole('heading', { name: 'À venir', exact: true }).waitFor();
    await helperPage.getByRole('button', { name: 'Retirer mon aide' }).waitFor();
    await checkScreen(helperPage, 'helps');
    await expect
      .poll(async () => (await api(app.base, manager.token, 'GET', `/v1/villages/${village.id}?include=helps`)).body.data.helps.length)
      .toBe(1);

    // The manager's planning shows the slot after a refresh from the server.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    // The week shown is today's: on a Sunday, tomorrow is in the next one.
    if (tomorrow.weekday === 1) await page.getByRole('button', { name: 'Période suivante' }).click();
    await page.getByText('23 h – 23 h 30').first().waitFor({ timeout: 20_000 });
    await page.getByText('Marc').first().waitFor();
    await checkScreen(page, 'planning');
    await page.getByRole('button', { name: 'Mois' }).click();
    await checkScreen(page, 'planning-month');

    // The manager refuses the help: gone locally at once, and on the server.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('link', { name: new RegExp(catalogueName) }).click();
    await checkScreen(page, 'need-detail');
    await page.getByRole('link', { name: /Voir les aides/ }).click();
    await page.getByRole('button', { name: 'Refuser cette aide' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer le refus' }).click();
    await page.getByText('Suppression effectuée avec succès.').waitFor();
    await expect
      .poll(async () => (await api(app.base, manager.token, 'GET', `/v1/villages/${village.id}?include=helps`)).body.data.helps.length)
      .toBe(0);
    await page.close();
    await helperPage.close();
    // Seven screens checked at two widths and in small and large text (checkScreen): 25 s alone on a quiet
    // machine, over the default 30 s in a loaded CI run.
  }, 90_000);
});
