import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, registerUser, startApp } from './harness';
import { axeViolations } from './screens';
import { screenshotToLookAt } from './look-at';

const app = await startApp();
const { context } = await openBrowser();
// A locator that never appears fails within the test's own time, naming what it waited for.
context.setDefaultTimeout(10_000);

/** axe-core on the page as it is now: every rule, no violation allowed. */
async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const shot = (page: Page, name: string) => screenshotToLookAt(page, { path: `/tmp/auth-${name}.png`, fullPage: true });

const token = (page: Page) => page.evaluate(() => localStorage.getItem('ga-token'));

/** What the service worker would read: the session mirrored in IndexedDB, and how many users are kept. */
const storedSession = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ token: string | null; users: number }>((resolve, reject) => {
        const open = indexedDB.open('village');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['session', 'users'], 'readonly');
          const session = tx.objectStore('session').get('current');
          const users = tx.objectStore('users').count();
          tx.oncomplete = () => {
            resolve({ token: (session.result as { token?: string } | undefined)?.token ?? null, users: users.result });
            open.result.close();
          };
        };
      }),
  );

const apiStatus = async (path: string, bearer: string) =>
  (await fetch(`${app.base}${path}`, { headers: { Authorization: `Bearer ${bearer}` } })).status;

/** A mail quoted-printable decoded, soft line breaks (`=\n`) joined. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const RESET_LINK = /https?:\/\/\S+\/auth\/reset-password\/[A-Za-z0-9_-]+/;
/** The reset mails (each sign-up also gets its verification mail). */
const resetMails = async () => (await app.mails()).map(decoded).filter((mail) => RESET_LINK.test(mail));

/** The reset link of the latest reset mail. */
async function latestResetLink() {
  const mail = (await resetMails()).at(-1) ?? '';
  const match = mail.match(RESET_LINK);
  if (!match) throw new Error(`no reset link in:\n${mail}`);
  return match[0];
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).press('Enter');
}

let users = 0;
/** A user of this test's own, registered through the API. */
async function newUser(first_name = 'Alice') {
  users += 1;
  const who = { email: `user${users}@example.test`, password: `motdepasse-${users}`, first_name, last_name: 'Martin' };
  const { token } = await registerUser(app.base, who);
  return { ...who, token };
}

/** A page signed in as that user (token in place, as after a login), opened at `path`; or signed out with null. */
async function pageAs(token: string | null, path: string) {
  const page = await context.newPage();
  await page.goto(`${app.base}/auth/reset-password`);
  await page.evaluate((t) => (t ? localStorage.setItem('ga-token', t) : localStorage.clear()), token);
  await page.goto(`${app.base}${path}`);
  return page;
}

// Buttons and links are used with the keyboard: it is how the screens must work, and the install banner
// (fixed at the bottom of the viewport) can never stand in the way of a key press.
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

describe('sign-in and account in the browser', () => {
  it('registers, showing the spec’s messages at the fields first, then lands signed in with the session mirrored', async () => {
    const alice = { email: 'alice@example.test', password: 'motdepasse-1', first_name: 'Alice', last_name: 'Martin' };
    const page = await pageAs(null, '/auth/register');
    await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'register');

    await page.getByLabel('Email').fill('pas-un-email');
    await page.getByLabel('Mot de passe').fill('court');
    await page.getByRole('button', { name: 'Créer mon compte' }).press('Enter');
    await expect.poll(() => focusedName(page)).toBe('first_name');
    const prenom = page.getByLabel('Prénom');
    expect(await prenom.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.locator('.field-error').allTextContents())
      .toEqual(['Ce champ est requis', 'Ce champ est requis', "L'email n'est pas valide", 'Ce champ doit contenir au moins 8 caractères']);
    await expectNoAxeViolations(page);
    await shot(page, 'register-errors');

    await prenom.fill(alice.first_name);
    await page.getByLabel('Nom', { exact: true }).fill(alice.last_name);
    await page.getByLabel('Email').fill(alice.email);
    await page.getByLabel('Mot de passe').fill(alice.password);
    await page.getByRole('button', { name: 'Créer mon compte' }).press('Enter');
    await page.waitForURL(/\/dashboard\/villages$/);
    const t = await token(page);
    expect(t).toBeTruthy();
    expect(await storedSession(page)).toEqual({ token: t, users: 1 });
    await page.close();
  });

  it('shows the account page, then logs out: token revoked on the server, nothing kept locally', async () => {
    const alice = await newUser();
    const page = await pageAs(alice.token, '/account');
    await page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await page.getByText('Alice Martin').waitFor();
    for (const name of ['Mentions légales', 'Politique de confidentialité', 'Signaler un bug', 'Instagram', 'LinkedIn']) {
      // Their settings are unset in this build: each leads to the privacy page (src/features/account/external-links.ts).
      const href = await page.getByRole('link', { name: new RegExp(name) }).getAttribute('href');
      expect(href).toMatch(/^\/confidentialite(#|$)/);
    }
    await expectNoAxeViolations(page);
    await shot(page, 'account');
    const before = (await token(page))!;
    await page.getByRole('button', { name: 'Se déconnecter' }).press('Enter');
    await page.waitForURL(/\/auth\/login/);
    expect(await token(page)).toBeNull();
    expect(await storedSession(page)).toEqual({ token: null, users: 0 });
    await expect.poll(() => apiStatus('/v1/users/me', before)).toBe(401);
    await page.close();
  });

  it('logs in after a refusal, keeping what was typed, and comes back to a deep link opened signed out', async () => {
    const alice = await newUser();
    const page = await pageAs(null, '/account/profile');
    await page.waitForURL(/\/auth\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/profile');

    await page.getByRole('button', { name: 'Se connecter', exact: true }).press('Enter');
    await expect.poll(() => focusedName(page)).toBe('email');
    expect(await page.locator('.field-error').allTextContents()).toEqual(['Ce champ est requis', 'Ce champ est requis']);
    await expectNoAxeViolations(page);
    await shot(page, 'login-errors');

    // « Afficher » shows the password, leaving the focus and the caret in it; the submit hides it again.
    await page.getByLabel('Email').fill(alice.email);
    const password = page.getByLabel('Mot de passe');
    await password.fill('pas-le-bo');
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.keyboard.type('n');
    expect(await password.inputValue()).toBe('pas-le-bon');
    await shot(page, 'login-password-shown');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email ou mot de passe incorrect.');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await page.getByLabel('Email').inputValue()).toBe(alice.email);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');

    await logInThroughForm(page, alice.email, alice.password);
    await page.waitForURL(/\/account\/profile$/);
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    expect(await page.getByLabel('Prénom').inputValue()).toBe(alice.first_name);
    await expectNoAxeViolations(page);
    await shot(page, 'profile');
    await page.close();
  });

  it('edits the profile and uploads a photo seen in a preview first', async () => {
    const { token: t } = await newUser();
    const page = await pageAs(t, '/account/profile');
    await page.getByLabel('Prénom').fill('Alicia');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).press('Enter');
    await expect
      .poll(async () => (await (await fetch(`${app.base}/v1/users/me`, { headers: { Authorization: `Bearer ${t}` } })).json()).data)
      .toMatchObject({ first_name: 'Alicia', phone: '+33612345678' });
    await page.getByText('Vos modifications ont bien été enregistrées.').first().waitFor();

    await page.getByLabel('Téléphone').fill('06-12');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).press('Enter');
    await expect.poll(() => focusedName(page)).toBe('phone');
    expect(await page.locator('.field-error').textContent()).toBe('Le numéro de téléphone est trop court');

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f6f5e' } })
      .png()
      .toBuffer();
    await page.getByLabel('Choisir une photo').setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.locator('.photo-preview img').getAttribute('src')).toMatch(/^blob:/);
    await page.getByText('Aperçu de la nouvelle photo, pas encore enregistrée.').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'profile-preview');
    await page.getByRole('button', { name: 'Enregistrer la photo' }).press('Enter');
    await expect.poll(() => page.locator('.photo-preview img').getAttribute('src')).toMatch(/\/uploads\//);
    const me = await (await fetch(`${app.base}/v1/users/me`, { headers: { Authorization: `Bearer ${t}` } })).json();
    expect(me.data.photo.original_url).toMatch(/\/uploads\/.+\.webp$/);
    await page.close();
  });

  it('resets a forgotten password with the mailed link, once', async () => {
    const alice = await newUser();
    const page = await pageAs(null, '/auth/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).press('Enter');
    await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'forgotten');
    await page.getByLabel('Email').fill(alice.email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).press('Enter');
    await page.getByRole('heading', { name: 'Vérifiez vos emails' }).waitFor();
    const confirmation = await page.locator('p[role="status"]').textContent();
    expect(confirmation).toMatch(/^Si un compte existe avec cette adresse/);
    await expectNoAxeViolations(page);
    await shot(page, 'forgotten-sent');

    // An unknown address gets the very same words.
    await page.goto(`${app.base}/auth/reset-password`);
    await page.getByLabel('Email').fill('personne@example.test');
    await page.getByRole('button', { name: 'Recevoir le lien' }).press('Enter');
    await page.getByRole('heading', { name: 'Vérifiez vos emails' }).waitFor();
    expect(await page.locator('p[role="status"]').textContent()).toBe(confirmation);

    await expect.poll(async () => (await resetMails()).length).toBe(1);
    const link = await latestResetLink();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveau-secret');
    await page.getByLabel('Confirmez le mot de passe').fill('autre-chose');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).press('Enter');
    await expect.poll(() => focusedName(page)).toBe('new_password_confirmation');
    expect(await page.locator('.field-error').textContent()).toBe('Les mots de passe ne correspondent pas');
    await shot(page, 'new-password-errors');
    await page.getByLabel('Confirmez le mot de passe').fill('nouveau-secret');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).press('Enter');
    await page.getByRole('heading', { name: 'Mot de passe modifié' }).waitFor();
    await shot(page, 'password-changed');

    await page.getByRole('link', { name: 'Se connecter', exact: true }).press('Enter');
    await logInThroughForm(page, alice.email, 'nouveau-secret');
    await page.waitForURL(/\/dashboard\/villages$/);

    // The link served once: opened again (signed out), it says so and offers to ask for another.
    await page.evaluate(() => localStorage.removeItem('ga-token'));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Lien expiré' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      "Ce lien de réinitialisation n'est plus valide. Veuillez en demander un nouveau.",
    );
    await expectNoAxeViolations(page);
    await shot(page, 'bad-token');
    await page.getByRole('link', { name: 'Demander un nouveau lien' }).press('Enter');
    await page.waitForURL(/\/auth\/reset-password$/);
    await page.close();
  });

  it('goes back to login, saying the session expired, when the token is revoked mid-session', async () => {
    const bob = await newUser('Bob');
    const page = await pageAs(null, '/auth/login');
    await logInThroughForm(page, bob.email, bob.password);
    await page.waitForURL(/\/dashboard\/villages$/);
    await page.goto(`${app.base}/account/profile`);
    await page.getByLabel('Prénom').waitFor();

    const revoked = await fetch(`${app.base}/v1/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await token(page)}` },
    });
    expect(revoked.status).toBe(204);
    await page.getByLabel('Prénom').fill('Robert');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).press('Enter');

    await page.waitForURL(/\/auth\/login\?/);
    await page.getByText('Votre session a expiré, veuillez vous reconnecter.').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/profile');
    expect(await token(page)).toBeNull();
    expect(await storedSession(page)).toEqual({ token: null, users: 0 });
    await expectNoAxeViolations(page);
    await shot(page, 'login-expired');

    await logInThroughForm(page, bob.email, bob.password);
    await page.waitForURL(/\/account\/profile$/);
    await page.close();
  });

  it('deletes the account only after a confirmation that says what is lost', async () => {
    const bob = await newUser('Bob');
    const t = bob.token;
    const page = await pageAs(t, '/account');
    await page.getByRole('button', { name: 'Supprimer mon compte' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('La suppression est définitive');
    await expectNoAxeViolations(page);
    await shot(page, 'delete-dialog');

    await dialog.getByRole('button', { name: 'Annuler' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await apiStatus('/v1/users/me', t)).toBe(200);

    await page.getByRole('button', { name: 'Supprimer mon compte' }).press('Enter');
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).press('Enter');
    await page.waitForURL(/\/auth\/login/);
    await page.getByText('Suppression effectuée avec succès.').waitFor();
    expect(await token(page)).toBeNull();
    expect(await storedSession(page)).toEqual({ token: null, users: 0 });
    expect(await apiStatus('/v1/users/me', t)).toBe(401);
    const login = await fetch(`${app.base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: bob.email, password: bob.password }),
    });
    expect(login.status).toBe(400);
    await page.close();
  });
});
