/**
 * A village's news (its journal) in a real Chromium against the real server, at phone widths: the organiser
 * posts news with a photo from the page, a helper reads it, hearts it and comments by keyboard, the organiser
 * removes a comment after a confirmation; news written with no network, with a photo, shows at once, survives a reload,
 * reaches the server once the network is back, and the other member reads it. No accessibility violation
 * (axe-core); screenshots /tmp/phone-news-*.png, /tmp/reflow-phone-news-*.png and /tmp/bigtext-phone-news-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api, openBrowser, startApp, villageWithHelper } from './harness';
import { checkPhoneScreen } from './phone-screens';
import { PHONE } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const organiser = await openBrowser();
const helper = await openBrowser();
// The page's own drain is the one under test (Firefox and WebKit have no Background Sync).
await organiser.context.addInitScript(() => {
  delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
});

/** The journal opened online at 390 px, once the worker controls the page (so the shell survives the network's absence). */
async function openJournal(context: BrowserContext, token: string, villageId: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`${app.base}/auth/login`);
  await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
  // The journal is reached from the village's home, where the latest posts show.
  await page.goto(`${app.base}/dashboard/villages/${villageId}/home`);
  await page
    .getByRole('region', { name: 'Dernières nouvelles' })
    .getByRole('link', { name: 'Toutes les nouvelles' })
    .click({ timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: 'Nouvelles' }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
  return page;
}

type ServerPost = { id: string; body: string; photos: unknown[]; hearts: number; comments: { body: string }[]; comments_count: number };
const serverNews = async (token: string, villageId: string) =>
  (await api(app.base, token, 'GET', `/v1/villages/${villageId}/news`)).body.data as ServerPost[];

describe('the village news', () => {
  it('the organiser posts news with a photo, a helper reads it, hearts it and comments, the organiser removes the comment', async () => {
    const { claire, hugo, village } = await villageWithHelper(app.base, 'news-online');
    const page = await openJournal(organiser.context, claire.token, village.id);
    // The activity feed is the tab « Activité ».
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Activité/ })
      .waitFor();
    await page.getByText('Aucune nouvelle pour le moment.', { exact: false }).waitFor();

    const text = 'Maman est rentrée à la maison.\nElle vous remercie <b>toutes et tous</b>.';
    await page.getByLabel('Votre nouvelle').fill(text);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6f5e' } })
      .png()
      .toBuffer();
    await page.getByLabel(/^Joindre des photos/).setInputFiles({ name: 'maison.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Publier' }).click();
    await page.getByText('Nouvelle publiée avec sa photo.').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByLabel('Votre nouvelle').inputValue()).toBe('');
    // The photo follows its post through the outbox.
    await expect.poll(async () => (await serverNews(claire.token, village.id))[0]?.photos.length, { timeout: 20_000 }).toBe(1);
    const [posted] = await serverNews(claire.token, village.id);
    expect(posted).toMatchObject({ body: text, hearts: 0, comments_count: 0 });
    const mine = page.getByRole('article', { name: /^Vous/ });
    await expect.poll(() => mine.getByRole('img').count()).toBe(1);
    await checkPhoneScreen(page, 'news-organiser');

    // Hugo, a helper: reads it, cannot post, hearts it and comments with the keyboard alone.
    const hugoPage = await openJournal(helper.context, hugo.token, village.id);
    const post = hugoPage.getByRole('article', { name: /^Claire Durand/ });
    await post.getByText('Elle vous remercie <b>toutes et tous</b>.', { exact: false }).waitFor();
    expect(await hugoPage.getByLabel('Votre nouvelle').count()).toBe(0);
    const heart = post.getByRole('button', { name: "J'aime" });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.focus();
    await hugoPage.keyboard.press('Enter');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await post.getByText('1 cœur', { exact: true }).waitFor();
    await post.getByLabel('Votre commentaire').focus();
    await hugoPage.keyboard.type('Bon retour à la maison !');
    await hugoPage.keyboard.press('Enter');
    await post.getByText('Bon retour à la maison !').waitFor();
    await expect
      .poll(async () => (await serverNews(hugo.token, village.id))[0]?.comments.map((c) => c.body))
      .toEqual(['Bon retour à la maison !']);
    expect((await serverNews(claire.token, village.id))[0].hearts).toBe(1);
    await checkPhoneScreen(hugoPage, 'news-helper');

    // Taking the heart back.
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await serverNews(claire.token, village.id))[0].hearts).toBe(0);

    // Claire sees the comment and removes it, after saying so.
    await page.reload();
    const onClaire = page.getByRole('article', { name: /^Vous/ });
    await onClaire.getByText('Bon retour à la maison !').waitFor({ timeout: 15_000 });
    await onClaire.getByRole('button', { name: 'Supprimer le commentaire de Hugo Bernard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer ce commentaire ?' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => onClaire.getByText('Bon retour à la maison !').count()).toBe(0);
    await expect.poll(async () => (await serverNews(claire.token, village.id))[0].comments_count).toBe(0);

    // Claire changes her text in place; a helper is never offered to.
    expect(await post.getByRole('button', { name: /^Modifier/ }).count()).toBe(0);
    await onClaire.getByRole('button', { name: 'Modifier la nouvelle de vous' }).click();
    await onClaire.getByLabel('Texte de la nouvelle').fill('Nina est rentrée, merci à toutes et tous.');
    await onClaire.getByRole('button', { name: 'Enregistrer' }).click();
    await onClaire.getByText('Nina est rentrée, merci à toutes et tous.').waitFor();
    await expect.poll(async () => (await serverNews(hugo.token, village.id))[0].body).toBe('Nina est rentrée, merci à toutes et tous.');
    await page.close();
    await hugoPage.close();
  });

  it('news written with no network, with a photo, shows at once, survives a reload, reaches the server when it is back, and the helper reads it', async () => {
    const { claire, hugo, village } = await villageWithHelper(app.base, 'news-offline');
    const page = await openJournal(organiser.context, claire.token, village.id);

    await app.stop();
    await organiser.context.setOffline(true);
    try {
      // The photo waits on the device with its post.
      await page.getByLabel('Votre nouvelle').fill('Écrit sans réseau : tout va bien.');
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b3261e' } })
        .png()
        .toBuffer();
      await page.getByLabel(/^Joindre des photos/).setInputFiles({ name: 'jardin.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('button', { name: 'Publier' }).click();
      const waiting = page.getByRole('article', { name: /^Vous/ });
      await waiting.getByText('Écrit sans réseau : tout va bien.').waitFor();
      await waiting.getByText("En attente d'envoi", { exact: false }).first().waitFor();
      await waiting.getByText("Photo 1 en attente d'envoi").waitFor();
      await screenshotToLookAt(page, { path: '/tmp/phone-news-offline-390.png', fullPage: true });

      // A reload with no network: the worker's shell and the local store bring it back.
      await page.reload();
      await page.getByRole('article', { name: /^Vous/ }).getByText('Écrit sans réseau : tout va bien.').waitFor({ timeout: 15_000 });
      await page.getByRole('article', { name: /^Vous/ }).getByText("Photo 1 en attente d'envoi").waitFor();
    } finally {
      await app.start();
      await organiser.context.setOffline(false);
    }
    // The network back (the `online` event): the page drains its queue.
    await expect
      .poll(async () => (await serverNews(claire.token, village.id)).map((p) => p.body), { timeout: 20_000 })
      .toEqual(['Écrit sans réseau : tout va bien.']);
    // Its photo followed it, once: re-encoded by the server, shown from its address.
    await expect.poll(async () => (await serverNews(claire.token, village.id))[0].photos.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByText("En attente d'envoi", { exact: false }).count(), { timeout: 10_000 }).toBe(0);
    await page
      .getByRole('article', { name: /^Vous/ })
      .getByRole('img', { name: /^Photo 1 sur 1/ })
      .waitFor();

    const hugoPage = await openJournal(helper.context, hugo.token, village.id);
    await hugoPage
      .getByRole('article', { name: /^Claire Durand/ })
      .getByText('Écrit sans réseau : tout va bien.')
      .waitFor();
    await hugoPage
      .getByRole('article', { name: /^Claire Durand/ })
      .getByRole('img', { name: /^Photo 1 sur 1/ })
      .waitFor();
    await page.close();
    await hugoPage.close();
  });
});
