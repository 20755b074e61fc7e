/**
 * The village creation tunnel in a real Chromium against the real server: a village for a close person
 * walked through its five steps, finished and opened, each step reaching the server through the outbox; a
 * village for oneself left after its first step, resumed from the list and finished; the same tunnel walked
 * with the server gone after its first step, sent once it is back. No accessibility violation
 * (axe-core) at a phone's and a desktop's width; screenshots go to /tmp/tunnel-*.png to be looked at.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);

const pcviOf = (page: Page) => new URL(page.url()).searchParams.get('pcvi') ?? '';
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continuer' });

describe('the village creation tunnel', () => {
  it('creates a village for a close person step by step, finishes it and opens it', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire@example.org',
      password: 'motdepasse-solide-1',
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const page = await signedInPage(context, app.base, claire.token);
    await page.goto(`${app.base}/create/village`);
    await page.getByRole('heading', { name: 'Créer votre village' }).waitFor({ timeout: 20_000 });
    await checkScreen(page, 'reason', 'tunnel');
    await page.getByRole('radio', { name: /Pour un proche/ }).check();
    await page.getByText('Étape 1 sur 5').waitFor();
    await page.getByLabel('Pourquoi ce village ?').fill('Maman sort de l’hôpital.');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Pour qui est ce village ?' }).waitFor();
    const id = pcviOf(page);
    await expect.poll(async () => (await api(app.base, claire.token, 'GET', `/v1/villages/${id}`)).body?.data?.state).toBe(1);
    // The browser's Back goes to this village's reason (its mode locked), never to a blank one.
    await page.goBack();
    await page.getByRole('heading', { name: 'Créer votre village' }).waitFor();
    expect(pcviOf(page)).toBe(id);
    expect(await page.getByRole('radio', { name: /Pour un proche/ }).isDisabled()).toBe(true);
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'Pour qui est ce village ?' }).waitFor();
    await page.getByLabel('Son prénom').fill('Nina');
    await page.getByLabel('Votre lien avec cette personne').fill('Ma mère');
    await checkScreen(page, 'about-close', 'tunnel');
    await continueButton(page).click();

    // Issue 18: for a close person the tunnel asks about her, by first name.
    await page.getByRole('heading', { name: 'Quels sont les besoins de Nina ?' }).waitFor();
    await page.getByRole('checkbox').first().check();
    await page.getByLabel('Un autre besoin').fill('Nourrir le chat');
    await page.getByRole('button', { name: 'Ajouter ce besoin' }).click();
    await page.getByRole('checkbox', { name: 'Nourrir le chat' }).waitFor();
    await checkScreen(page, 'needs', 'tunnel');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Sur quelle période ?' }).waitFor();
    await checkScreen(page, 'period', 'tunnel');
    await page.getByRole('button', { name: 'Je ne sais pas encore' }).click();

    await page.getByRole('heading', { name: 'Présentez le village de Nina' }).waitFor();
    expect(await page.getByLabel('Nom du village').inputValue()).toBe('Le village de Nina');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await checkScreen(page, 'infos', 'tunnel');
    await page.getByRole('button', { name: 'Terminer' }).click();

    await page.getByRole('heading', { name: 'Le village de Nina est prêt' }).waitFor();
    await expect.poll(async () => (await api(app.base, claire.token, 'GET', `/v1/villages/${id}?include=needs`)).body.data.state).toBe(2);
    const onServer = (await api(app.base, claire.token, 'GET', `/v1/villages/${id}?include=needs`)).body.data;
    expect(onServer).toMatchObject({
      creation_mode: 2,
      first_name: 'Nina',
      relationship: 'Ma mère',
      reason: 'Maman sort de l’hôpital.',
      phone: '+33612345678',
    });
    expect(onServer.needs).toHaveLength(2);
    expect((await api(app.base, claire.token, 'GET', '/v1/villages')).body.data).toHaveLength(1);
    // The share code arrives with the server's answer to the creation.
    await page.locator('.share-code').waitFor();
    await checkScreen(page, 'waiting-validation', 'tunnel');

    await page.getByRole('button', { name: 'Ouvrir le village' }).click();
    await page.waitForURL(`**/dashboard/villages/${id}/home`);
    // Its home: whom it helps, and the village's name at the top.
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Nina' }).waitFor();
    await page.getByRole('banner').getByText('Le village de Nina', { exact: true }).waitFor();
    await expect.poll(async () => (await api(app.base, claire.token, 'GET', `/v1/villages/${id}`)).body.data.state).toBe(3);
    await page.close();
  });

  it('leaves a village for oneself after its first step and resumes it at the needs', async () => {
    const hugo = await registerUser(app.base, {
      email: 'hugo@example.org',
      password: 'motdepasse-solide-2',
      first_name: 'Hugo',
      last_name: 'Petit',
    });
    const page = await signedInPage(context, app.base, hugo.token);
    await page.goto(`${app.base}/create/village/reason`);
    await page.getByRole('radio', { name: /Pour moi/ }).check({ timeout: 20_000 });
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'De quoi avez-vous besoin ?' }).waitFor();
    await page.getByText('Étape 2 sur 4').waitFor();
    const id = pcviOf(page);
    await page.getByRole('link', { name: 'Enregistrer et quitter' }).click();
    await page.waitForURL('**/dashboard/villages');

    // The list offers to resume it.
    await page.getByRole('link', { name: /Reprendre/ }).click();
    await page.getByRole('heading', { name: 'De quoi avez-vous besoin ?' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/create/village/needs');
    expect(pcviOf(page)).toBe(id);
    // Back at the first step the choice made is kept, and locked.
    await page.getByRole('link', { name: '← Étape précédente' }).click();
    await page.getByRole('heading', { name: 'Créer votre village' }).waitFor();
    expect(await page.getByRole('radio', { name: /Pour moi/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Pour un proche/ }).isDisabled()).toBe(true);

    // And finishes it: needs, period, infos.
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'De quoi avez-vous besoin ?' }).waitFor();
    await page.getByRole('checkbox').first().check();
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'Sur quelle période ?' }).waitFor();
    await page.getByRole('button', { name: 'Je ne sais pas encore' }).click();
    await page.getByRole('heading', { name: 'Présentez votre village' }).waitFor();
    await page.getByRole('button', { name: 'Terminer' }).click();
    await page.getByRole('button', { name: 'Ouvrir le village' }).waitFor();
    await expect.poll(async () => (await api(app.base, hugo.token, 'GET', `/v1/villages/${id}?include=needs`)).body.data.state).toBe(2);
    await page.close();
  });

  it('walked with the network cut after its first step, ends with the village on the server once the network returns', async () => {
    const lea = await registerUser(app.base, {
      email: 'lea@example.org',
      password: 'motdepasse-solide-3',
      first_name: 'Léa',
      last_name: 'Morel',
    });
    const page = await signedInPage(context, app.base, lea.token);
    await page.goto(`${app.base}/create/village/reason`);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    await page.getByRole('radio', { name: /Pour moi/ }).check({ timeout: 20_000 });
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'De quoi avez-vous besoin ?' }).waitFor();
    const id = pcviOf(page);
    await expect.poll(async () => (await api(app.base, lea.token, 'GET', `/v1/villages/${id}`)).status).toBe(200);

    await app.stop();
    try {
      await page.getByRole('checkbox').first().check();
      await continueButton(page).click();
      await page.getByRole('heading', { name: 'Sur quelle période ?' }).waitFor();
      await page.getByRole('button', { name: 'Je ne sais pas encore' }).click();
      await page.getByRole('heading', { name: 'Présentez votre village' }).waitFor();
      await page.getByLabel('Nom du village').fill('Le village de Léa');
      await page.getByRole('button', { name: 'Terminer' }).click();
      await page.getByRole('button', { name: 'Ouvrir le village' }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /en attente/ })
        .waitFor();
    } finally {
      await app.start();
    }
    // The network is back: the page's `online` (the worker's `sync` is tested in offline-writes.test.ts).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect
      .poll(async () => (await api(app.base, lea.token, 'GET', `/v1/villages/${id}?include=needs`)).body?.data?.state, { timeout: 30_000 })
      .toBe(2);
    await screenshotToLookAt(page, { path: '/tmp/tunnel-offline-done-390.png' });
    const onServer = (await api(app.base, lea.token, 'GET', `/v1/villages/${id}?include=needs`)).body.data;
    expect(onServer).toMatchObject({ name: 'Le village de Léa', creation_mode: 1 });
    expect(onServer.needs).toHaveLength(1);
    expect((await api(app.base, lea.token, 'GET', '/v1/villages')).body.data).toHaveLength(1);
    await page.close();
  }, 90_000);
});
