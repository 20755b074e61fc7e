import { describe, expect, it } from 'vitest';
import { MAX_PASSKEYS, passkeyTexts } from '../../src/contract/passkeys';
import { passkeyChallenges } from '../db/schema';
import { softAuthenticator } from '../test/soft-authenticator';
import { createWorld, type TestUser, type World } from '../test/world';

const ORIGIN = 'https://village.example';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const world: World = await createWorld({ publicUrl: ORIGIN });

type Key = ReturnType<typeof softAuthenticator>;

const options = (user: TestUser) => world.request('POST', '/v1/users/me/passkeys/options', { token: user.token });
const list = (user: TestUser) => world.request('GET', '/v1/users/me/passkeys', { token: user.token });
const signInOptions = () => world.request('POST', '/v1/auth/passkey/options');
const signIn = (response: unknown) => world.request('POST', '/v1/auth/passkey', { json: { response } });

/** Registers `key` on the account through the two calls the app makes. */
async function register(user: TestUser, key: Key = softAuthenticator(ORIGIN)) {
  const asked = await options(user);
  expect(asked.status).toBe(200);
  const res = await world.request('POST', '/v1/users/me/passkeys', {
    token: user.token,
    json: { response: key.register(asked.body.data) },
    headers: { 'User-Agent': ANDROID_CHROME },
  });
  return { res, key };
}

describe('registering a passkey', () => {
  it('hands out options for this site and this account, then keeps the passkey, named after the browser', async () => {
    const anne = await world.user('Anne');
    const asked = await options(anne);
    expect(asked.body.data).toMatchObject({ rp: { id: 'village.example', name: 'Village' }, user: { name: anne.email } });
    expect(asked.body.data.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    const { res } = await register(anne);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Chrome · Android', last_used_at: null });
    const listed = await list(anne);
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([res.body.data.id]);
  });

  it('keeps several passkeys per account, each listed once, and excludes them from the next options', async () => {
    const bruno = await world.user('Bruno');
    const first = await register(bruno);
    const second = await register(bruno);
    expect([first.res.status, second.res.status]).toEqual([201, 201]);
    const next = await options(bruno);
    expect(next.body.data.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual([first.key.id, second.key.id].sort());
    expect((await list(bruno)).body.data).toHaveLength(2);
  });

  it('refuses, in French, a challenge used twice, one made for another account, and one from another site', async () => {
    const claire = await world.user('Claire');
    const denis = await world.user('Denis');
    const key = softAuthenticator(ORIGIN);
    const asked = await options(claire);
    const first = await world.request('POST', '/v1/users/me/passkeys', {
      token: claire.token,
      json: { response: key.register(asked.body.data) },
    });
    expect(first.status).toBe(201);
    const again = await world.request('POST', '/v1/users/me/passkeys', {
      token: claire.token,
      json: { response: softAuthenticator(ORIGIN).register(asked.body.data) },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(passkeyTexts.expired);

    const forClaire = await options(claire);
    const stolen = await world.request('POST', '/v1/users/me/passkeys', {
      token: denis.token,
      json: { response: softAuthenticator(ORIGIN).register(forClaire.body.data) },
    });
    expect(stolen.body.message).toBe(passkeyTexts.expired);

    const forDenis = await options(denis);
    const elsewhere = await world.request('POST', '/v1/users/me/passkeys', {
      token: denis.token,
      json: { response: softAuthenticator('https://ailleurs.example').register(forDenis.body.data) },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(passkeyTexts.notVerified);
    expect((await list(denis)).body.data).toHaveLength(0);
  });

  it('refuses a challenge past its 5 minutes', async () => {
    const emma = await world.user('Emma');
    const asked = await options(emma);
    world.clock.advance(5 * 60_000 + 1);
    const late = await world.request('POST', '/v1/users/me/passkeys', {
      token: emma.token,
      json: { response: softAuthenticator(ORIGIN).register(asked.body.data) },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(passkeyTexts.expired);
  });

  it(`stops at ${MAX_PASSKEYS} passkeys per account, with a French 409`, async () => {
    const fanny = await world.user('Fanny');
    for (let i = 0; i < MAX_PASSKEYS; i++) expect((await register(fanny)).res.status).toBe(201);
    const refused = await options(fanny);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(passkeyTexts.tooMany);
  });

  it('answers malformed answers with a French 4xx, never a 500', async () => {
    const gil = await world.user('Gil');
    const asked = await options(gil);
    const good = softAuthenticator(ORIGIN).register(asked.body.data);
    const bodies = [
      {},
      { response: null },
      { response: { ...good, type: 'password' } },
      { response: { ...good, id: 'x'.repeat(5000) } },
      { response: { ...good, response: { ...good.response, attestationObject: 'pas du base64 !' } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: 'AAAA' } } },
      { response: { ...good, response: { ...good.response, attestationObject: 'AAAA' } } },
    ];
    for (const json of bodies) {
      const res = await world.request('POST', '/v1/users/me/passkeys', { token: gil.token, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).toMatch(/[a-zé]/);
    }
  });
});

describe('signing in with a passkey', () => {
  it('opens a session for the account that owns it, and records when it was used', async () => {
    const hugo = await world.user('Hugo');
    const { key } = await register(hugo);
    const asked = await signInOptions();
    expect(asked.status).toBe(200);
    expect(asked.body.data.rpId).toBe('village.example');
    const res = await signIn(key.signIn(asked.body.data));
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(hugo.id);
    const me = await world.request('GET', '/v1/users/me', { token: res.body.data.token });
    expect(me.body.data.email).toBe(hugo.email);
    expect((await list(hugo)).body.data[0].last_used_at).not.toBeNull();
  });

  it('refuses a challenge used twice, a removed passkey and an unknown one, in French', async () => {
    const ines = await world.user('Ines');
    const { key, res: added } = await register(ines);
    const asked = await signInOptions();
    expect((await signIn(key.signIn(asked.body.data))).status).toBe(200);
    const replayed = await signIn(key.signIn(asked.body.data));
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(passkeyTexts.expired);

    const removed = await world.request('DELETE', `/v1/users/me/passkeys/${added.body.data.id}`, { token: ines.token });
    expect(removed.status).toBe(204);
    const after = await signIn(key.signIn((await signInOptions()).body.data));
    expect(after.status).toBe(400);
    expect(after.body.message).toBe(passkeyTexts.unknown);
    const stranger = await signIn(softAuthenticator(ORIGIN).signIn((await signInOptions()).body.data));
    expect(stranger.body.message).toBe(passkeyTexts.unknown);
  });

  it('refuses a signature made by another key for the same credential', async () => {
    const jules = await world.user('Jules');
    const { key } = await register(jules);
    const forger = softAuthenticator(ORIGIN);
    const forged = { ...forger.signIn((await signInOptions()).body.data), id: key.id, rawId: key.id };
    const res = await signIn(forged);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(passkeyTexts.notVerified);
  });

  it('clears expired challenges as new ones are handed out', async () => {
    await signInOptions();
    world.clock.advance(5 * 60_000 + 1);
    await signInOptions();
    const rows = await world.db.select().from(passkeyChallenges);
    expect(rows.every((row) => row.expiresAt.getTime() > world.clock.now().getTime())).toBe(true);
  });
});

describe('removing a passkey', () => {
  it("removes only one's own: another account's answers 404, as an unknown id does", async () => {
    const karim = await world.user('Karim');
    const lea = await world.user('Léa');
    const { res } = await register(karim);
    const other = await world.request('DELETE', `/v1/users/me/passkeys/${res.body.data.id}`, { token: lea.token });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(passkeyTexts.notFound);
    expect((await world.request('DELETE', '/v1/users/me/passkeys/pas-un-id', { token: karim.token })).status).toBe(404);
    expect((await list(karim)).body.data).toHaveLength(1);
  });
});
