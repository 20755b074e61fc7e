import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

const world = await createWorld();

const me = (token: string) => world.request('GET', '/v1/users/me', { token });

/** Issue 18, item 5: the profile's phone number is checked and kept in E.164. */
describe('a user’s phone number', () => {
  it('is kept in E.164, a French number written any way, a number of another country by its code', async () => {
    const luc = await world.user('Luc');
    const put = (phone: string) => world.request('PUT', `/v1/users/${luc.id}`, { token: luc.token, json: { phone } });
    for (const [phone, kept] of [
      ['06 12.34-56 78', '+33612345678'],
      ['(06) 12 34 56 78', '+33612345678'],
      ['0612345678', '+33612345678'],
      ['+44 20 7946 0958', '+442079460958'],
    ]) {
      const res = await put(phone);
      expect(res.status, phone).toBe(200);
      expect(res.body.data.phone, phone).toBe(kept);
    }
    expect((await me(luc.token)).body.data.phone).toBe('+442079460958');
  });

  it('refuses a number too short, too long or that cannot exist, in French on the field, and changes nothing', async () => {
    const nina = await world.user('Nina');
    for (const [phone, message] of [
      ['06 12', 'Le numéro de téléphone est trop court'],
      ['06 12 34 56 78 9', 'Le numéro de téléphone est trop long'],
      ['+999 123456', "Ce numéro de téléphone n'existe pas"],
    ]) {
      const res = await world.request('PUT', `/v1/users/${nina.id}`, { token: nina.token, json: { first_name: 'Changee', phone } });
      expect(res.status, phone).toBe(422);
      expect(res.body, phone).toMatchObject({ http_code: 422, errors: [{ field: 'phone', message }] });
    }
    expect((await me(nina.token)).body.data).toMatchObject({ first_name: 'Nina', phone: null });
  });
});
