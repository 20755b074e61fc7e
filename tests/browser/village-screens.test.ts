/**
 * A village's needs, helps and planning in a real Chromium against the real server, for a manager and a
 * helper: what each may do, the planning showing the helps taken, and no accessibility violation (axe-core)
 * at a phone's and a desktop's width. Screenshots go to /tmp/village-*.png to be looked at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';

const app = await startApp();
const { context } = await openBrowser();
const AXE = new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname;
const PASSWORD = 'motdepasse-solide-1';
const today = DateTime.now().setZone('Europe/Paris');

async function axeViolations(page: Page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

async function signedInPage(ctx: BrowserContext, token: string) {
  const page = await ctx.newPage();
  await page.goto(`${app.base}/auth/login`);
  await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
  return page;
}

/** Looks at the screen at both widths: screenshot, then axe. */
async function check(page: Page, name: string) {
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/village-${name}-${width}.png`, fullPage: true });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

describe("a village's needs, helps and planning", () => {
  it('a manager adds needs from the catalogue, a helper takes a slot, the planning shows it, the manager refuses it', async () => {
    const manager = await registerUser(app.base, { email: 'gestion@example.org', password: PASSWORD, first_name: 'Claire', last_name: 'Durand' });
    const helper = await registerUser(app.base, { email: 'aide@example.org', password: PASSWORD, first_name: 'Marc', last_name: 'Petit' });
    const village = await createOpenVillage(app.base, manager.token);
    expect((await api(app.base, helper.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(300);

    // The manager adds a need from the catalogue.
    const page = await signedInPage(context, manager.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
    await page.getByText("Aucun besoin pour le moment", { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Ajouter un besoin' }).click();
    await page.getByRole('heading', { name: 'Ajouter un besoin' }).waitFor();
    await check(page, 'need-add');
    await page.getByRole('radio').first().check();
    const catalogueName = (await page.getByRole('radio').first().evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
    await page.getByRole('button', { name: 'Ajouter ce besoin' }).click();
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor();
    await page.getByText(catalogueName).waitFor();
    await expect.poll(async () => (await api(app.base, manager.token, 'GET', `/v1/villages/${village.id}?include=needs`)).body.data.needs.length).toBe(1);
    await check(page, 'needs');

    // The helper sees the need, cannot manage it, and takes a slot today.
    const helperContext = (await openBrowser()).context;
    const helperPage = await signedInPage(helperContext, helper.token);
    await helperPage.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await helperPage.getByText(catalogueName).waitFor({ timeout: 20_000 });
    expect(await helperPage.getByRole('link', { name: 'Ajouter un besoin' }).count()).toBe(0);
    expect(await helperPage.getByRole('link', { name: 'Gérer' }).count()).toBe(0);
    await helperPage.getByRole('link', { name: new RegExp(catalogueName) }).click();
    expect(await helperPage.getByRole('button', { name: /Supprimer/ }).count()).toBe(0);
    await helperPage.getByRole('link', { name: 'Proposer mon aide' }).first().click();
    await helperPage.getByLabel('Date').fill(today.toISODate()!);
    await helperPage.getByLabel('Début').fill('23:00');
    await helperPage.getByLabel('Fin').fill('23:30');
    await check(helperPage, 'help-add');
    await helperPage.getByRole('button', { name: 'Proposer mon aide' }).click();
    await helperPage.getByRole('heading', { name: /Aujourd/ }).waitFor();
    await helperPage.getByRole('button', { name: 'Retirer mon aide' }).waitFor();
    await check(helperPage, 'helps');
    await expect.poll(async () => (await api(app.base, manager.token, 'GET', `/v1/villages/${village.id}?include=helps`)).body.data.helps.length).toBe(1);

    // The manager's planning shows the slot after a refresh from the server.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    await page.getByText('23 h – 23 h 30').first().waitFor({ timeout: 20_000 });
    await page.getByText('Marc').first().waitFor();
    await check(page, 'planning');
    await page.getByRole('button', { name: 'Mois' }).click();
    await check(page, 'planning-month');

    // The manager refuses the help: gone locally at once, and on the server.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('link', { name: new RegExp(catalogueName) }).click();
    await check(page, 'need-detail');
    await page.getByRole('link', { name: /Voir les aides/ }).click();
    await page.getByRole('button', { name: 'Refuser cette aide' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer le refus' }).click();
    await page.getByText('Suppression effectuée avec succès.').waitFor();
    await expect.poll(async () => (await api(app.base, manager.token, 'GET', `/v1/villages/${village.id}?include=helps`)).body.data.helps.length).toBe(0);
    await page.close();
    await helperPage.close();
  });
});
