/**
 * Closing the loop on a help in a real Chromium against the real server, at 390 px: an organiser opens the
 * helps of a need whose help has just passed, says « C'est fait », then thanks its helper with a word by the
 * keyboard; the server has the help done and thanked, and the helper has the thanks by mail (written to
 * DATA_DIR/mail) with the word; the planning and the village home then say what was done and thanked. No accessibility violation (axe-core). Screenshots: /tmp/help-thanks-*.png.
 */
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, PHONE, signedInPage } from './screens';
import { decodedMail } from './mail-text';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';

const mailsTo = async (address: string) => (await app.mails()).map(decodedMail).filter((m) => m.includes(`To: ${address}`));

describe('« C’est fait » and « Merci »', () => {
  it('an organiser marks a past help done and thanks its helper, who gets the mail with the word', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.thanks@example.test',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Roy',
    });
    const village = await createOpenVillage(app.base, claire.token);
    const hugoEmail = 'hugo.thanks@example.test';
    const hugo = await registerUser(app.base, { email: hugoEmail, password: PASSWORD, first_name: 'Hugo', last_name: 'Petit' });
    // Only a verified address gets the mails one can turn off, thanks among them.
    let verification: string | undefined;
    await expect
      .poll(
        async () =>
          (verification = (await mailsTo(hugoEmail)).map((m) => m.match(/\/auth\/verify-email\/([A-Za-z0-9_-]+)/)?.[1]).find(Boolean)),
        {
          timeout: 30_000,
        },
      )
      .toBeTruthy();
    const verified = await fetch(`${app.base}/v1/auth/verify-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: verification }),
    });
    expect(verified.status).toBe(204);
    const joined = await api(app.base, hugo.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode });
    const hugoVillager: string = joined.body.data.id;
    const need = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Courses',
      schedule: null,
    });
    expect(need.status).toBe(201);
    // The server takes a start a few minutes past (a clock a little behind): a help whose time has just passed.
    const taken = await api(app.base, hugo.token, 'POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
      helper_id: hugoVillager,
      start_date: new Date(Date.now() - 3 * 60_000).toISOString(),
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const helpId: string = taken.body.data.id;
    /** The village's helps as the server has them now. */
    const serverHelps = async (): Promise<
      Array<{ id: string; done_at: string | null; thanks_count: number; thanks_message: string | null }>
    > =>
      (await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}/helps?before=${new Date(Date.now() + 60_000).toISOString()}`))
        .body.data;

    const page = await signedInPage(context, app.base, claire.token);
    await page.setViewportSize(PHONE);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs/${need.body.data.id}/helps`);
    const done = page.getByRole('button', { name: 'C’est fait : l’aide de Hugo' });
    await done.waitFor();
    await screenshotToLookAt(page, { path: '/tmp/help-thanks-before-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await done.click();
    await page.locator('.help-badge', { hasText: 'Fait' }).waitFor();
    await expect.poll(() => done.count()).toBe(0);

    // By keyboard: the word, then Enter sends the thanks.
    await page.getByLabel('Un mot pour Hugo (facultatif)').focus();
    await page.keyboard.type('Merci pour les courses !');
    await page.keyboard.press('Enter');
    await page.locator('.help-badge', { hasText: 'Merci envoyé' }).waitFor();
    await page.getByText('« Merci pour les courses ! »').waitFor();
    // Thanked: no second « Merci » offered.
    await expect.poll(() => page.getByRole('button', { name: 'Merci à Hugo' }).count()).toBe(0);
    await screenshotToLookAt(page, { path: '/tmp/help-thanks-after-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The outbox sent both: the server has the help done and thanked.
    await expect
      .poll(
        async () => {
          const help = (await serverHelps()).find((h) => h.id === helpId);
          return help && { done: help.done_at !== null, thanks: help.thanks_count, word: help.thanks_message };
        },
        { timeout: 30_000 },
      )
      .toEqual({ done: true, thanks: 1, word: 'Merci pour les courses !' });
    await expect
      .poll(async () => (await mailsTo(hugoEmail)).filter((m) => m.includes('Claire vous remercie pour votre aide')).length, {
        timeout: 30_000,
      })
      .toBe(1);

    // « Merci à tous » on the planning: Inès helped too; one tap thanks her, Hugo (thanked already) is left alone.
    const ines = await registerUser(app.base, {
      email: 'ines.thanks@example.test',
      password: PASSWORD,
      first_name: 'Inès',
      last_name: 'Blanc',
    });
    const inesVillager: string = (await api(app.base, ines.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode }))
      .body.data.id;
    const inesHelp = await api(app.base, ines.token, 'POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
      helper_id: inesVillager,
      start_date: new Date(Date.now() - 2 * 60_000).toISOString(),
    });
    expect(inesHelp.status).toBe(201);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    await page.getByText('1 aide passée attend un merci.').waitFor({ timeout: 30_000 });
    await screenshotToLookAt(page, { path: '/tmp/help-thanks-planning-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Merci à tous' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Merci à tous' }).count()).toBe(0);
    await expect
      .poll(
        async () => {
          return Object.fromEntries((await serverHelps()).map((h) => [h.id, h.thanks_count]));
        },
        { timeout: 30_000 },
      )
      .toEqual({ [helpId]: 1, [inesHelp.body.data.id]: 1 });

    // The planning says of today's helps that they were done and thanked; the village home, what was done this week.
    await page.locator('.day-help', { hasText: 'Hugo' }).getByText('Fait · Merci envoyé').waitFor({ timeout: 30_000 });
    await page.locator('.day-help', { hasText: 'Inès' }).getByText('Merci envoyé').waitFor();
    await page.goto(`${app.base}/dashboard/villages/${village.id}/home`);
    const doneLately = page.getByRole('region', { name: 'Fait ces derniers jours' });
    await doneLately.waitFor();
    const lines = await doneLately.getByRole('listitem').allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Inès · Courses.*Merci envoyé$/);
    expect(lines[1]).toMatch(/^Hugo · Courses.*FaitMerci envoyé$/);
    await screenshotToLookAt(page, { path: '/tmp/help-thanks-home-390.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const [mail] = (await mailsTo(hugoEmail)).filter((m) => m.includes('Claire vous remercie pour votre aide'));
    expect(mail).toContain('Merci pour les courses\u00a0!');
    expect(mail).toContain('«\u00a0Courses\u00a0»');
  }, 180_000);
});
