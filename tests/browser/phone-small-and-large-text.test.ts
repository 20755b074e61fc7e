/**
 * Issue 18, item 8, in a real Chromium against the real server: the main journeys of a manager and a helper
 * on the smallest phone (320 CSS px) and on a phone with the root font doubled (390 px): no sideways scroll,
 * no text cut, tap targets of 44 × 44 px (reflow-checks.ts), and axe-core finding nothing at either setting.
 * Screenshots /tmp/reflow-small-*-320.png and /tmp/bigtext-small-*-390.png.
 */
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, signedInPage } from './screens';
import { BIG_TEXT_PHONE, smallAndLargeTextProblems, SMALL_PHONE } from './reflow-checks';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(20_000);
const PASSWORD = 'motdepasse-solide-1';
const today = DateTime.now().setZone('Europe/Paris');

/** Everything wrong with the screen at both settings, axe included, each line naming the screen. */
async function problemsOf(page: Page, name: string): Promise<string[]> {
  const problems = await smallAndLargeTextProblems(page, `small-${name}`);
  for (const [size, label, font] of [
    [SMALL_PHONE, '320 px', ''],
    [BIG_TEXT_PHONE, '390 px, text doubled', '200%'],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate((f) => (document.documentElement.style.fontSize = f), font);
    problems.push(...(await axeViolations(page)).map((v) => `${name} at ${label}: axe ${v}`));
  }
  await page.evaluate(() => (document.documentElement.style.fontSize = ''));
  await page.setViewportSize({ width: 390, height: 844 });
  return problems;
}

const alice = await registerUser(app.base, {
  email: 'alice-small@example.org',
  password: PASSWORD,
  first_name: 'Alice',
  last_name: 'Moreau-Delacroix',
});
const bruno = await registerUser(app.base, {
  email: 'bruno-small@example.org',
  password: PASSWORD,
  first_name: 'Bruno',
  last_name: 'Lefèvre',
});
const village = await createOpenVillage(app.base, alice.token, { name: 'Le village de Jeanne et de sa grande famille' });
const need = await api(app.base, alice.token, 'POST', `/v1/villages/${village.id}/needs`, {
  villager_id: village.villagerId,
  name: 'Courses du jeudi au supermarché',
  schedule: null,
});
const needId: string = need.body.data.id;
const joined = await api(app.base, bruno.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode });
const brunoId: string = joined.body.data.id;
const start = today.plus({ days: 1 }).set({ hour: 14, minute: 0, second: 0, millisecond: 0 });
const help = await api(app.base, bruno.token, 'POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
  helper_id: brunoId,
  start_date: start.toUTC().toISO(),
  end_date: start.plus({ hours: 1 }).toUTC().toISO(),
});
const message = await api(app.base, bruno.token, 'POST', `/v1/villages/${village.id}/messages`, {
  villager_id: brunoId,
  body: 'Je passe demain vers 14 h pour les courses.',
});
const villagePath = `${app.base}/dashboard/villages/${village.id}`;

/** Alice opens each screen (path, its heading, a text that says its data is there) and looks at it. */
async function lookAtScreens(screens: [name: string, path: string, heading: string | RegExp, text?: string][]) {
  const page = await signedInPage(context, app.base, alice.token);
  const problems: string[] = [];
  for (const [name, path, heading, text] of screens) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // The planning opens on this week: on a Sunday (Paris), tomorrow's slot is in the next one.
    if (name === 'planning-week' && start.weekday === 1) await page.getByRole('button', { name: 'Période suivante' }).click();
    if (text) await page.getByText(text).first().waitFor();
    problems.push(...(await problemsOf(page, name)));
    if (name === 'planning-week') {
      await page.getByRole('button', { name: 'Mois' }).click();
      problems.push(...(await problemsOf(page, 'planning-month')));
    }
  }
  await page.close();
  return problems;
}

describe('every screen on a small phone (320 px) and with the text doubled (390 px)', () => {
  it('the world is set up', () => {
    expect([need.status, help.status, message.status]).toEqual([201, 201, 201]);
    expect(joined.status).toBeLessThan(300);
  });

  it('signed out: sign-in and account creation', async () => {
    const visitor = await context.newPage();
    const problems: string[] = [];
    await visitor.goto(`${app.base}/auth/login`);
    await visitor.getByRole('heading', { name: 'Connexion' }).waitFor();
    problems.push(...(await problemsOf(visitor, 'login')));
    await visitor.goto(`${app.base}/auth/register`);
    await visitor.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    problems.push(...(await problemsOf(visitor, 'register')));
    await visitor.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it("the villages, a village's needs, a need, its helps, the forms to add them", async () => {
    const problems = await lookAtScreens([
      ['villages', `${app.base}/dashboard/villages`, 'Mes villages', 'Jeanne'],
      ['needs', `${villagePath}/needs`, 'Besoins du village', 'Courses du jeudi au supermarché'],
      ['need', `${villagePath}/needs/${needId}`, 'Courses du jeudi au supermarché'],
      ['helps', `${villagePath}/needs/${needId}/helps`, /^Aides/, 'Bruno'],
      ['help-add', `${villagePath}/needs/${needId}/helps/add`, /^Proposer mon aide/],
      ['need-add', `${villagePath}/needs/add`, 'Ajouter un besoin'],
    ]);
    expect(problems).toEqual([]);
  }, 300_000);

  it('the planning by week and by month', async () => {
    expect(await lookAtScreens([['planning-week', `${villagePath}/planning`, 'Planning', '14 h – 15 h']])).toEqual([]);
  }, 120_000);

  it("the chat, the feed, the village's infos", async () => {
    const problems = await lookAtScreens([
      ['chat', `${villagePath}/chat`, 'Discussion', 'Je passe demain vers 14 h pour les courses.'],
      ['feed', `${villagePath}/notifications`, 'Nouvelles du village'],
      ['infos', `${villagePath}/infos`, 'Le village de Jeanne et de sa grande famille'],
    ]);
    expect(problems).toEqual([]);
  }, 180_000);

  it("the village's management screens", async () => {
    const problems = await lookAtScreens([
      ['manage', `${villagePath}/manage`, /./],
      ...['infos', 'home-infos', 'period', 'phone', 'members'].map(
        (part) => [`manage-${part}`, `${villagePath}/manage/${part}`, /./] as [string, string, RegExp],
      ),
    ]);
    expect(problems).toEqual([]);
  }, 300_000);

  it('the menu drawer and a confirm dialog, open over a page', async () => {
    const page = await signedInPage(context, app.base, alice.token);
    const problems: string[] = [];
    await page.goto(`${villagePath}/needs/${needId}/helps`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Fermer le menu' }).waitFor();
    problems.push(...(await problemsOf(page, 'menu')));
    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    await page.getByRole('button', { name: 'Refuser cette aide' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).waitFor();
    problems.push(...(await problemsOf(page, 'confirm-dialog')));
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await page.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it('the account, its profile and its notifications', async () => {
    const problems = await lookAtScreens([
      ['account', `${app.base}/account`, 'Mon compte'],
      ['account-profile', `${app.base}/account/profile`, 'Mon profil'],
      ['account-notifications', `${app.base}/account/notifications`, 'Notifications'],
    ]);
    expect(problems).toEqual([]);
  }, 180_000);
});
