/**
 * Invitations in a real Chromium against the real server: a manager invites an address from the members
 * screen; the invitation mail (written to DATA_DIR/mail) carries the link that, opened in a fresh browser
 * signed out, shows who invites, registers a new account and lands in the village; the invitation is then
 * no longer pending. Screenshots in /tmp/village-invite-*.png, no axe-core violation at 390 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const manager = await openBrowser();
const guest = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';
const INVITED = 'marc.invite@example.test';

/** A mail as text: quoted-printable soft breaks joined and its bytes decoded. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The invitation mail written for this address, decoded. */
async function invitationMail(address: string): Promise<string> {
  let mail: string | undefined;
  await expect
    .poll(async () => (mail = (await app.mails()).map(decoded).find((m) => m.includes(`To: ${address}`) && m.includes('rli=inv'))), {
      timeout: 20_000,
    })
    .toBeTruthy();
  return mail!;
}

describe('inviting by mail', () => {
  it('a manager invites an address; its link, opened signed out, names who invites, registers and lands in the village', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire.invite@example.test',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Martin',
    });
    const village = await createOpenVillage(app.base, claire.token, { first_name: 'Jeanne', last_name: 'Roy' });

    const page = await signedInPage(manager.context, app.base, claire.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/manage/members`);
    await page.getByRole('heading', { name: 'Inviter par e-mail' }).waitFor({ timeout: 20_000 });
    await page.getByText('Aucune invitation en attente.').waitFor({ timeout: 20_000 });
    const field = page.getByLabel(/^Adresses e-mail/);
    await field.fill(`${INVITED}, pas-une-adresse`);
    await page.getByRole('button', { name: 'Envoyer les invitations' }).click();
    await page.getByText('Cette adresse n’est pas valide : pas-une-adresse').waitFor();
    await screenshotToLookAt(page, { path: '/tmp/village-invite-form-error-390.png', fullPage: true });
    await field.fill(INVITED);
    await page.getByLabel(/^Un mot pour accompagner/).fill('Jeanne serait contente de vous compter parmi nous.');
    await page.getByRole('button', { name: 'Envoyer les invitations' }).click();
    await page.getByText('Invitation enregistrée : elle part dès que possible.').waitFor();
    const pending = page.getByRole('region', { name: 'Invitations en attente' });
    await pending.getByText(/^Envoyée le /).waitFor({ timeout: 20_000 });
    await pending.getByText(INVITED).waitFor();
    await checkScreen(page, 'form', 'village-invite');

    const mail = await invitationMail(INVITED);
    expect(mail).toContain('Claire Martin vous invite à rejoindre «\u00a0Le village de Jeanne\u00a0»');
    expect(mail).toContain('Son message\u00a0: «\u00a0Jeanne serait contente de vous compter parmi nous.\u00a0»');
    // Claire has not verified her new account's address yet: answers are not sent to an address unproven.
    expect(mail).not.toMatch(/^Reply-To:/m);
    expect(mail).not.toMatch(/^List-Unsubscribe/m);
    const link = mail.match(new RegExp(`${app.base}/join/village\\?[^\\s"<]+`))![0].replace(/&amp;/g, '&');
    expect(new URL(link).searchParams.get('c')).toBe(village.shareCode);

    // A fresh profile, signed out: the preview says who invites before any account.
    const visitor = await guest.context.newPage();
    await visitor.goto(link);
    await visitor.waitForURL(/\/auth\/login\?/);
    await visitor
      .getByRole('region', { name: 'Claire vous invite à rejoindre «\u00a0Le village de Jeanne\u00a0»' })
      .waitFor({ timeout: 20_000 });
    await visitor.getByRole('link', { name: 'Créer un compte' }).click();
    await visitor.waitForURL(/\/auth\/register\?/);
    await visitor
      .getByRole('region', { name: 'Claire vous invite à rejoindre «\u00a0Le village de Jeanne\u00a0»' })
      .waitFor({ timeout: 20_000 });
    await checkScreen(visitor, 'preview', 'village-invite');

    await visitor.getByLabel('Prénom').fill('Marc');
    await visitor.getByLabel('Nom', { exact: true }).fill('Petit');
    await visitor.getByLabel('Email').fill(INVITED);
    await visitor.getByLabel('Mot de passe').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Créer mon compte' }).click();
    await visitor.waitForURL(new RegExp(`/dashboard/villages/${village.id}/home$`), { timeout: 30_000 });
    await visitor.getByText('Bienvenue dans le village de Jeanne !').waitFor();

    // Accepted: no longer pending, for the server and on the manager's screen.
    const list = await api(app.base, claire.token, 'GET', `/v1/villages/${village.id}/invitations`);
    expect(list.body.data).toEqual([]);
    await page.reload();
    await page
      .getByRole('region', { name: 'Invitations en attente' })
      .getByText('Aucune invitation en attente.')
      .waitFor({ timeout: 20_000 });
    await page.getByText('Marc Petit', { exact: true }).waitFor({ timeout: 20_000 });
    // Said as joined, with the day, not as pending.
    const joined = page.getByRole('region', { name: 'Invitations acceptées' });
    await joined.getByText(INVITED).waitFor({ timeout: 20_000 });
    await joined.getByText(/^A rejoint le village le \S+\s\S+$/).waitFor();
    await checkScreen(page, 'joined', 'village-invite');
    await visitor.close();
    await page.close();
    // A whole journey, two browsers, a sign-up's scrypt and eight axe checks: 18 s on a quiet machine, past the
    // default 30 s once under CI's load.
  }, 90_000);
});
