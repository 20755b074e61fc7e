/**
 * The exports in a real Chromium against the real server: « Télécharger mes données » on Mon compte saves a ZIP
 * holding the person's messages; « Télécharger l'archive du village » on the manage screen saves a ZIP whose
 * index.html, unpacked to a folder, opens with the network cut and shows the story, the news and its photo.
 * Screenshots: /tmp/village-export-archive.png, /tmp/my-data-export-390.png (mes-donnees.html, opened offline, axe clean).
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { axeViolations, signedInPage } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();

/** Clicks the button and answers the bytes of the file the browser saved. */
async function downloaded(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name }).click()]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return { fileName: download.suggestedFilename(), zip: unzipSync(new Uint8Array(await readFile(path))) };
}

/** The ZIP's files written to a new folder, as a person unpacking it would. */
async function unpacked(zip: Record<string, Uint8Array>) {
  const folder = await mkdtemp(join(tmpdir(), 'village-export-'));
  for (const [name, bytes] of Object.entries(zip)) {
    await mkdir(dirname(join(folder, name)), { recursive: true });
    await writeFile(join(folder, name), bytes);
  }
  return folder;
}

describe('the exports', () => {
  it('save my data, and a village archive whose pages open offline', async () => {
    const { token } = await registerUser(app.base, {
      email: 'claire.export@example.test',
      password: 'motdepasse-solide-1',
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const village = await createOpenVillage(app.base, token, { reason: 'Jeanne se remet de son opération.' });
    expect(
      (await api(app.base, token, 'POST', `/v1/villages/${village.id}/messages`, { villager_id: village.villagerId, body: 'Merci à tous' }))
        .status,
    ).toBe(201);
    const post = await api(app.base, token, 'POST', `/v1/villages/${village.id}/news`, {
      author_id: village.villagerId,
      body: 'Jeanne est rentrée',
    });
    const form = new FormData();
    const image = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
    form.append('updater_id', village.villagerId);
    const photo = await fetch(`${app.base}/v1/villages/${village.id}/news/${post.body.data.id}/photos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(photo.status).toBe(201);

    const page = await signedInPage(context, app.base, token);
    await page.goto(`${app.base}/account`);
    const mine = await downloaded(page, 'Télécharger mes données');
    expect(mine.fileName).toBe('mes-donnees-village.zip');
    expect(JSON.parse(strFromU8(mine.zip['donnees.json'])).messages).toEqual([expect.objectContaining({ body: 'Merci à tous' })]);

    await page.goto(`${app.base}/dashboard/villages/${village.id}/manage`);
    const archive = await downloaded(page, "Télécharger l'archive du village");
    expect(archive.fileName).toBe('archive-du-village.zip');
    const folder = await unpacked(archive.zip);
    const myFolder = await unpacked(mine.zip);

    await context.setOffline(true);
    try {
      const keepsake = await context.newPage();
      await keepsake.goto(pathToFileURL(join(folder, 'index.html')).href);
      await keepsake.getByRole('heading', { level: 1, name: 'Le village de Jeanne' }).waitFor();
      await keepsake.getByText('Jeanne se remet de son opération.').waitFor();
      await keepsake.getByText('Jeanne est rentrée').waitFor();
      const img = keepsake.getByRole('img', { name: 'Photo de la nouvelle' });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(60);
      await screenshotToLookAt(keepsake, { path: '/tmp/village-export-archive.png', fullPage: true });
      await keepsake.getByRole('link', { name: 'La discussion' }).click();
      await keepsake.getByText(/Merci à tous/).waitFor();

      // My own data read as a page, from its folder, with the network still cut.
      const myData = await context.newPage();
      await myData.setViewportSize({ width: 390, height: 844 });
      await myData.goto(pathToFileURL(join(myFolder, 'mes-donnees.html')).href);
      await myData.getByRole('heading', { level: 1, name: 'Mes données — Claire Durand' }).waitFor();
      await myData.getByText('Merci à tous').waitFor();
      await myData.getByText('claire.export@example.test').waitFor();
      expect(await axeViolations(myData)).toEqual([]);
      await screenshotToLookAt(myData, { path: '/tmp/my-data-export-390.png', fullPage: true });
    } finally {
      await context.setOffline(false);
    }
  });
});
