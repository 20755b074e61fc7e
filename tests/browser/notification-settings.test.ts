/**
 * The notification settings and the one-click unsubscribe page in a real Chromium against the real server:
 * a switch turned on the Notifications screen changes the account's settings; the unsubscribe link in the
 * footer of a real confirmation mail (written to DATA_DIR/mail) turns that kind off without signing in; a
 * made-up link says so in French. Screenshots go to /tmp/village-notification-settings-*.png.
 */
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';

const app = await startApp();
const { context } = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';

/** A mail as text: quoted-printable soft breaks joined and its bytes decoded. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The first link matching `pattern` in a mail written for this address. */
async function linkInMail(address: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await app.mails())
          .map(decoded)
          .filter((m) => m.includes(`To: ${address}`))
          .map((m) => m.match(pattern)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return link!;
}

const settingsOf = async (token: string) => {
  const res = await api(app.base, token, 'GET', '/v1/users/me/notification_settings');
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('the notification settings', () => {
  it('a switch turned on the Notifications screen changes what the account receives', async () => {
    const { token } = await registerUser(app.base, {
      email: 'claire.settings@example.test',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Durand',
    });
    await createOpenVillage(app.base, token);
    const page = await signedInPage(context, app.base, token);
    await page.goto(`${app.base}/account`);
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL(/\/account\/notifications$/);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

    const newSlotsByMail = page.getByRole('group', { name: 'Nouveaux créneaux à pourvoir' }).getByRole('switch', { name: 'Par e-mail' });
    await newSlotsByMail.waitFor();
    expect(await newSlotsByMail.isChecked()).toBe(true);
    const mute = page.getByRole('switch', { name: 'Mettre en sourdine « Le village de Jeanne »' });
    expect(await mute.isChecked()).toBe(false);
    await checkScreen(page, 'screen', 'village-notification-settings');

    // By keyboard, as a switch is used: focus, then Space.
    await newSlotsByMail.focus();
    await page.keyboard.press('Space');
    await page.locator('.settings-status').getByText('Enregistré', { exact: true }).waitFor();
    expect(await newSlotsByMail.isChecked()).toBe(false);

    const settings = await settingsOf(token);
    expect(settings.email).toEqual({
      confirmations: true,
      reminders: true,
      new_slots: false,
      chat: false,
      weekly_summary: true,
      news: true,
      thanks: true,
      // The creator of a village: the urgent slots' alert is on for organisers.
      gaps: true,
      nudges: true,
    });
    expect(settings.push.new_slots).toBe(true);
    expect(settings.muted_village_ids).toEqual([]);

    // Shown again as saved after a reload.
    await page.reload();
    await page.getByRole('group', { name: 'Nouveaux créneaux à pourvoir' }).getByRole('switch', { name: 'Par e-mail' }).waitFor();
    expect(
      await page.getByRole('group', { name: 'Nouveaux créneaux à pourvoir' }).getByRole('switch', { name: 'Par e-mail' }).isChecked(),
    ).toBe(false);
    await checkScreen(page, 'saved', 'village-notification-settings');
    await page.close();
  }, 120_000);

  it('the unsubscribe link of a real mail turns its kind off without signing in; a made-up one says it is not valid', async () => {
    const email = 'hugo.settings@example.test';
    const { token } = await registerUser(app.base, { email, password: PASSWORD, first_name: 'Hugo', last_name: 'Martin' });
    // Only a verified address gets the mails one can turn off.
    const verification = await linkInMail(email, /https?:\/\/\S+\/auth\/verify-email\/([A-Za-z0-9_-]+)/);
    const verified = await fetch(`${app.base}/v1/auth/verify-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: verification.split('/').at(-1) }),
    });
    expect(verified.status).toBe(204);

    const village = await createOpenVillage(app.base, token);
    const need = await api(app.base, token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Courses',
      schedule: null,
    });
    expect(need.status).toBe(201);
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    const help = await api(app.base, token, 'POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
      helper_id: village.villagerId,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3600_000).toISOString(),
    });
    expect(help.status, JSON.stringify(help.body)).toBe(201);
    // The footer's page link, not the List-Unsubscribe header's /v1 address (that one is for mail clients).
    const unsubscribe = await linkInMail(email, /https?:\/\/[^\s/]+\/mail\/unsubscribe\/[A-Za-z0-9_-]+/);
    expect(unsubscribe.startsWith(`${app.base}/mail/unsubscribe/`)).toBe(true);

    // A reader who never used the app on this device: no session.
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate(() => localStorage.removeItem('ga-token'));
    await page.goto(unsubscribe);
    await page.getByRole('heading', { level: 1, name: 'Ne plus recevoir ces e-mails ?' }).waitFor();
    await checkScreen(page, 'unsubscribe', 'village-notification-settings');
    // Opening the page changed nothing.
    expect((await settingsOf(token)).email.confirmations).toBe(true);
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await page.getByRole('status').getByText("C'est fait : vous ne recevrez plus les e-mails « Confirmations de vos créneaux ».").waitFor();
    await page.getByRole('link', { name: 'Choisir ce que vous recevez' }).waitFor();
    await checkScreen(page, 'unsubscribed', 'village-notification-settings');
    expect((await settingsOf(token)).email).toEqual({
      confirmations: false,
      reminders: true,
      new_slots: true,
      chat: false,
      weekly_summary: true,
      news: true,
      thanks: true,
      gaps: true,
      nudges: true,
    });

    // What the next mails contain follows the choice: a help taken now brings no confirmation; turned back on
    // in the Notifications screen, the next one does.
    const takeHelp = async (name: string, days: number) => {
      const created = await api(app.base, token, 'POST', `/v1/villages/${village.id}/needs`, {
        villager_id: village.villagerId,
        name,
        schedule: null,
      });
      expect(created.status).toBe(201);
      const at = new Date(Date.now() + days * 24 * 3600_000);
      const taken = await api(app.base, token, 'POST', `/v1/villages/${village.id}/needs/${created.body.data.id}/helps`, {
        helper_id: village.villagerId,
        start_date: at.toISOString(),
        end_date: new Date(at.getTime() + 3600_000).toISOString(),
      });
      expect(taken.status).toBe(201);
    };
    const confirmationsAbout = async (name: string) =>
      (await app.mails())
        .map(decoded)
        .filter((m) => m.includes(`To: ${email}`) && m.includes('creneau.ics') && m.includes(`«\u00a0${name}\u00a0»`)).length;
    await takeHelp('Pharmacie', 4);
    const settingsPage = await signedInPage(context, app.base, token);
    await settingsPage.goto(`${app.base}/account/notifications`);
    const confirmationsByMail = settingsPage
      .getByRole('group', { name: 'Confirmations de vos créneaux' })
      .getByRole('switch', { name: 'Par e-mail' });
    await confirmationsByMail.waitFor();
    expect(await confirmationsByMail.isChecked()).toBe(false);
    await confirmationsByMail.click();
    await settingsPage.locator('.settings-status').getByText('Enregistré', { exact: true }).waitFor();
    expect((await settingsOf(token)).email.confirmations).toBe(true);
    await takeHelp('Jardin', 5);
    await expect.poll(() => confirmationsAbout('Jardin'), { timeout: 30_000 }).toBe(1);
    // Mails go out in the order they were queued: the help taken while they were off would be there by now.
    expect(await confirmationsAbout('Pharmacie')).toBe(0);
    await settingsPage.close();

    await page.goto(`${app.base}/mail/unsubscribe/garbage`);
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await page.getByRole('alert').getByText("Ce lien de désinscription n'est pas valable.").waitFor();
    await checkScreen(page, 'invalid', 'village-notification-settings');
    await page.close();
  }, 120_000);
});
