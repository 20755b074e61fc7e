import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createWorld, TEST_PASSWORD, type World } from '../test/world';

// Created at collection time so that the world's own afterAll, which closes the database, is registered here.
const world: World = await createWorld();

const WRONG_CREDENTIALS = { message: 'Email ou mot de passe incorrect.', http_code: 400 };
const me = (token: string) => world.request('GET', '/v1/users/me', { token });
const logIn = (email: string, password: string) => world.request('POST', '/v1/auth/login', { json: { email, password } });
const ALREADY_SET = {
  message:
    'Votre compte a déjà un mot de passe. Pour le changer, utilisez «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion.',
  http_code: 409,
};
const addPassword = (json: Record<string, unknown>, token?: string) => world.request('POST', '/v1/users/me/password', { token, json });
const changePassword = (json: Record<string, unknown>) => world.request('PUT', '/v1/auth/change-password', { json });

/** An account joined with a name and an e-mail only. */
async function joinWithoutPassword(name: string) {
  const email = `${name.toLowerCase()}@exemple.fr`;
  const res = await world.request('POST', '/v1/auth/register', { json: { email, first_name: name, last_name: 'Sansmot' } });
  expect(res.status).toBe(201);
  return { email, token: res.body.data.token as string, user: res.body.data.user };
}

describe('register without a password', () => {
  it('answers 201 with a working token; the account has no password hash and says so', async () => {
    const { token, user, email } = await joinWithoutPassword('Nina');
    expect(user).toMatchObject({ email, first_name: 'Nina', last_name: 'Sansmot', has_password: false, email_verified_at: null });
    const mine = await me(token);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id: user.id, has_password: false });
    const [row] = await world.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toBeNull();
    // The address is still checked as at any sign-up.
    await world.deliverMail();
    expect(world.mail.sent.some((m) => m.to === email && /verify-email/.test(m.text))).toBe(true);
  });

  it('still validates the name and the address in French, and a given password as before', async () => {
    const res = await world.request('POST', '/v1/auth/register', { json: { email: 'pas-un-email', first_name: ' ', last_name: 'Nom' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: "L'email n'est pas valide" },
        { field: 'first_name', message: 'Ce champ est requis' },
      ]),
    );
    expect(res.body.errors.some((e: { field: string }) => e.field === 'password')).toBe(false);
    const short = await world.request('POST', '/v1/auth/register', {
      json: { email: 'court@exemple.fr', password: 'court', first_name: 'A', last_name: 'B' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([{ field: 'password', message: 'Ce champ doit contenir au moins 8 caractères' }]);
  });

  it('refuses a taken address the same way with or without a password', async () => {
    const { email } = await joinWithoutPassword('Oscar');
    const res = await world.request('POST', '/v1/auth/register', { json: { email, first_name: 'Autre', last_name: 'Personne' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'email', message: 'Un compte existe déjà avec cet email' }]);
  });
});

describe('signing in with a password on an account that has none', () => {
  it('answers exactly what a wrong password answers, whatever the password', async () => {
    const { email } = await joinWithoutPassword('Pia');
    const withPassword = await world.user('Quentin');
    const wrong = await logIn(withPassword.email, 'pas le bon mot de passe');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(WRONG_CREDENTIALS);
    for (const attempt of [TEST_PASSWORD, 'nimporte quoi', 'x']) {
      const res = await logIn(email, attempt);
      expect(res.status).toBe(wrong.status);
      expect(res.body).toEqual(wrong.body);
    }
  });
});

describe('adding a password later', () => {
  it('a signed-in account without a password adds one with no token; it then signs in with it', async () => {
    const { email, token } = await joinWithoutPassword('Rose');
    const res = await addPassword({ new_password: 'mon-nouveau-secret', new_password_confirmation: 'mon-nouveau-secret' }, token);
    expect(res.status).toBe(204);
    expect((await me(token)).body.data.has_password).toBe(true);
    const signedIn = await logIn(email, 'mon-nouveau-secret');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.has_password).toBe(true);
    // Once set, it is changed only through the mailed reset link.
    const again = await addPassword({ new_password: 'un-autre-secret', new_password_confirmation: 'un-autre-secret' }, token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(ALREADY_SET);
    expect((await logIn(email, 'un-autre-secret')).status).toBe(400);
  });

  it('an account with a password cannot replace it this way; without a session the call answers 401', async () => {
    const sam = await world.user('Sam');
    const res = await addPassword({ new_password: 'un-autre-secret', new_password_confirmation: 'un-autre-secret' }, sam.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(ALREADY_SET);
    expect((await logIn(sam.email, TEST_PASSWORD)).status).toBe(200);
    const anonymous = await addPassword({ new_password: 'un-autre-secret', new_password_confirmation: 'un-autre-secret' });
    expect(anonymous.status).toBe(401);
    // The reset call still wants its token, as the spec has it.
    const noToken = await changePassword({ new_password: 'un-autre-secret', new_password_confirmation: 'un-autre-secret' });
    expect(noToken.status).toBe(422);
    expect(noToken.body.errors).toEqual([{ field: 'token', message: 'Ce champ est requis' }]);
  });

  it('checks the new password and its confirmation in French, and keeps none on a refusal', async () => {
    const { token, user } = await joinWithoutPassword('Tom');
    const res = await addPassword({ new_password: 'court', new_password_confirmation: 'autre-chose' }, token);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([{ field: 'new_password', message: 'Ce champ doit contenir au moins 8 caractères' }]),
    );
    const differ = await addPassword({ new_password: 'mon-nouveau-secret', new_password_confirmation: 'autre-chose' }, token);
    expect(differ.status).toBe(422);
    expect(differ.body.errors).toEqual([{ field: 'new_password_confirmation', message: 'Les mots de passe ne correspondent pas' }]);
    const [row] = await world.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toBeNull();
  });

  it('the password reset mail lets an account without a password choose one', async () => {
    const { email } = await joinWithoutPassword('Ursula');
    const before = world.mail.sent.length;
    expect((await world.request('POST', '/v1/auth/reset-password', { json: { email } })).status).toBe(204);
    await world.deliverMail();
    const mail = world.mail.sent.slice(before).find((m) => /reset-password/.test(m.text));
    const resetToken = mail!.text.match(/\/auth\/reset-password\/(\S+)/)![1];
    const res = await changePassword({ token: resetToken, new_password: 'choisi-par-lien', new_password_confirmation: 'choisi-par-lien' });
    expect(res.status).toBe(204);
    const signedIn = await logIn(email, 'choisi-par-lien');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.has_password).toBe(true);
  });
});
