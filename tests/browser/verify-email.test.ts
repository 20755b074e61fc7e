/**
 * Address verification in a real Chromium against the real server: a new account sees the account's notice,
 * the link of the mail written to DATA_DIR/mail verifies the address and the notice goes; a link opened
 * signed out works too, and a used one says so in French. Screenshots go to /tmp/village-verify-*.png.
 */
import { describe, expect, it } from 'vitest';
import { openBrowser, registerUser, startApp } from './harness';
import { checkScreen } from './screens';

const app = await startApp();
const { context } = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';

/** A mail as text: quoted-printable soft breaks joined and its bytes decoded. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The verification link of the mail written for this address. */
async function verificationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await app.mails()).map(decoded).find((m) => m.includes(`To: ${address}`) && m.includes('/auth/verify-email/'));
        link = mail?.match(/https?:\/\/\S+\/auth\/verify-email\/[A-Za-z0-9_-]+/)?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link!;
}

describe('verifying one’s address', () => {
  it('a new account is told to verify, opens the mailed link, and the notice is gone', async () => {
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/register`);
    await page.getByLabel('Prénom').fill('Zoé');
    await page.getByLabel('Nom', { exact: true }).fill('Lambert');
    await page.getByLabel('Email').fill('zoe.verify@example.test');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL(/\/dashboard\/villages$/);

    await page.goto(`${app.base}/account`);
    const notice = page.getByRole('region', { name: 'Adresse e-mail à vérifier' });
    await notice.getByText('Vérifiez votre adresse e-mail : nous avons envoyé un lien à zoe.verify@example.test.').waitFor();
    await checkScreen(page, 'account-unverified', 'village-verify');

    // Too soon after the sign-up's mail: the server's French answer, read out.
    await notice.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await notice
      .getByRole('status')
      .getByText("Un lien vient de vous être envoyé. Patientez un peu avant d'en demander un autre.")
      .waitFor();

    const link = await verificationLink('zoe.verify@example.test');
    expect(link.startsWith(`${app.base}/auth/verify-email/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('status').getByText('Votre adresse e-mail est vérifiée.').waitFor();
    await checkScreen(page, 'verified', 'village-verify');
    await page.getByRole('link', { name: 'Aller à mes villages' }).click();
    await page.waitForURL(/\/dashboard\/villages$/);

    await page.goto(`${app.base}/account`);
    await page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await page.getByText('zoe.verify@example.test').waitFor();
    expect(await page.getByRole('region', { name: 'Adresse e-mail à vérifier' }).count()).toBe(0);
    await page.close();
  });

  it('a link opened signed out verifies too; opened again, it says it is no longer valid', async () => {
    await registerUser(app.base, { email: 'paul.verify@example.test', password: PASSWORD, first_name: 'Paul', last_name: 'Morel' });
    const link = await verificationLink('paul.verify@example.test');
    const page = await context.newPage();
    await page.goto(`${app.base}/auth/login`);
    await page.evaluate(() => localStorage.removeItem('ga-token'));

    await page.goto(link);
    await page.getByRole('status').getByText('Votre adresse e-mail est vérifiée.').waitFor();
    await page.getByRole('link', { name: 'Se connecter', exact: true }).waitFor();

    await page.goto(link);
    await page
      .getByRole('alert')
      .getByText("Ce lien de vérification n'est plus valable : il a déjà servi, a expiré ou concerne une ancienne adresse.", {
        exact: false,
      })
      .waitFor();
    await page.getByRole('link', { name: 'Se connecter', exact: true }).waitFor();
    await checkScreen(page, 'used-link', 'village-verify');
    await page.close();
  });
});
