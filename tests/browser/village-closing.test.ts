/**
 * Closing a village when care ends, in a real Chromium against the real server at 390 px: the organiser closes it
 * from the manage page with a last word; the helper, on his phone, reads the banner and the last word on every
 * screen, finds no way to write (no slot to take, no composer in the chat) and still reads the messages; the
 * organiser reopens it and the helper can write again; at last the organiser deletes it by typing its name, and
 * the server no longer knows it. axe-clean; screenshots /tmp/phone-closing-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openBrowser, startApp, villageWithHelper } from './harness';
import { checkPhoneScreen } from './phone-screens';
import { PHONE, signedInPage } from './screens';

const app = await startApp();
const organiser = await openBrowser();
const helper = await openBrowser();
const LAST_WORD = 'Jeanne va mieux. Merci à chacun de vous, du fond du cœur.';

async function phonePage(context: Parameters<typeof signedInPage>[0], token: string, path: string): Promise<Page> {
  const page = await signedInPage(context, app.base, token);
  await page.setViewportSize(PHONE);
  await page.goto(`${app.base}${path}`);
  return page;
}

describe('closing a village', () => {
  it('keeps it readable and unwritable for its members, reopens it, then deletes it for good', async () => {
    const { claire, hugo, village, hugoVillagerId: hugoVillager } = await villageWithHelper(app.base, 'closing');
    const said = await api(app.base, hugo.token, 'POST', `/v1/villages/${village.id}/messages`, {
      villager_id: hugoVillager,
      body: 'Je passe jeudi.',
    });
    expect(said.status).toBe(201);

    // Claire closes the village from the manage page, with her last word.
    const manage = await phonePage(organiser.context, claire.token, `/dashboard/villages/${village.id}/manage`);
    await manage.getByRole('button', { name: 'Clôturer le village' }).click({ timeout: 20_000 });
    const dialog = manage.getByRole('dialog', { name: 'Clôturer le village' });
    await dialog.getByLabel('Un dernier mot (facultatif)').fill(LAST_WORD);
    await checkPhoneScreen(manage, 'closing-dialog');
    await dialog.getByRole('button', { name: 'Clôturer le village' }).click();
    await manage.getByRole('status', { name: 'Village clôturé' }).waitFor({ timeout: 20_000 });
    await manage.getByRole('button', { name: 'Rouvrir le village' }).waitFor();
    // Its settings are kept as they were: the page offers only the archive, reopening and deleting.
    expect(await manage.getByRole('heading', { name: 'Réglages' }).count()).toBe(0);
    const onServer = await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}`);
    expect(onServer.body.data.closed_at).toEqual(expect.any(String));
    expect(onServer.body.data.closed_message).toBe(LAST_WORD);

    // Hugo reads the banner and the last word, the messages, and finds nothing to write with.
    const chat = await phonePage(helper.context, hugo.token, `/dashboard/villages/${village.id}/chat`);
    const banner = chat.getByRole('status', { name: 'Village clôturé' });
    await banner.getByText(LAST_WORD).waitFor({ timeout: 20_000 });
    await chat.getByText('Je passe jeudi.').waitFor();
    await chat.getByText(/Ce village est clôturé\s: la discussion reste à lire/).waitFor();
    expect(await chat.getByRole('textbox').count()).toBe(0);
    await checkPhoneScreen(chat, 'closing-chat');

    await chat.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    await chat.getByRole('heading', { level: 1, name: 'Planning' }).waitFor({ timeout: 20_000 });
    await banner.waitFor();
    expect(await chat.getByRole('button', { name: /Je m'en occupe/ }).count()).toBe(0);
    await checkPhoneScreen(chat, 'closing-planning');

    // The server refuses a write all the same, in French.
    const refused = await api(app.base, hugo.token, 'POST', `/v1/villages/${village.id}/messages`, {
      villager_id: hugoVillager,
      body: 'Encore un mot',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ce village est clôturé.');

    // Claire reopens it: the banner goes, and Hugo can write again.
    await manage.getByRole('button', { name: 'Rouvrir le village' }).click();
    await manage.getByRole('button', { name: 'Clôturer le village' }).waitFor({ timeout: 20_000 });
    expect(await manage.getByRole('status', { name: 'Village clôturé' }).count()).toBe(0);
    await chat.goto(`${app.base}/dashboard/villages/${village.id}/chat`);
    await chat.getByRole('textbox').fill('Je passe jeudi, finalement vendredi.');
    await chat.getByRole('button', { name: 'Envoyer' }).click();
    await expect
      .poll(
        async () => {
          const messages = await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}/messages`);
          return (messages.body.data as { body: string }[]).map((m) => m.body);
        },
        { timeout: 20_000 },
      )
      .toContain('Je passe jeudi, finalement vendredi.');

    // Deleting asks for the village's name, typed; then the server no longer knows it.
    const name = onServer.body.data.name as string;
    expect(name).toEqual(expect.any(String));
    await manage.getByRole('button', { name: 'Supprimer le village' }).click();
    const confirm = manage.getByRole('dialog');
    const deleteButton = confirm.getByRole('button', { name: 'Supprimer définitivement' });
    await confirm.getByRole('textbox').fill('un autre nom');
    await deleteButton.click();
    await confirm.getByText('Saisissez le nom du village pour confirmer.').waitFor();
    expect((await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}`)).status).toBe(200);
    await confirm.getByRole('textbox').fill(name);
    await deleteButton.click();
    await manage.waitForURL(/\/dashboard\/villages\/?$/, { timeout: 20_000 });
    expect((await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}`)).status).toBe(404);
    expect((await api(app.base, hugo.token, 'GET', `/v1/villages/${village.id}`)).status).toBe(404);
  });
});
