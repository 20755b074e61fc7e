import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

const world = await createWorld();

const TOO_SHORT = 'Le numéro de téléphone est trop court';
const UNKNOWN = "Ce numéro de téléphone n'existe pas";
const DIGITS = 'Le champs doit être un chiffre';

/** Issue 18, item 5: a village's contact number is checked and kept in E.164, on creation and on update. */
describe('a village’s phone number', () => {
  it('is kept in E.164 when the village is created, however it was written', async () => {
    const marie = await world.user('Marie');
    for (const [phone, kept] of [
      ['06 12 34 56 78', '+33612345678'],
      ['+44 20 7946 0958', '+442079460958'],
      ['00 33 6 12 34 56 78', '+33612345678'],
    ]) {
      const res = await world.request('POST', '/v1/villages', { token: marie.token, json: { creation_mode: 1, phone } });
      expect(res.status, phone).toBe(201);
      expect(res.body.data.phone).toBe(kept);
    }
  });

  it('refuses at creation a number too short, in French on the field, and creates nothing', async () => {
    const paul = await world.user('Paul');
    const res = await world.request('POST', '/v1/villages', {
      token: paul.token,
      json: { creation_mode: 1, name: 'Chez Paul', phone: '06 12' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ http_code: 422, errors: [{ field: 'phone', message: TOO_SHORT }] });
    expect(typeof res.body.message).toBe('string');
    expect((await world.request('GET', '/v1/villages', { token: paul.token })).body.data).toEqual([]);
  });

  it('on update: E.164 kept, older national digits (a write queued by an older app) turned into E.164, wrong numbers refused', async () => {
    const claire = await world.user('Claire');
    const village = await world.village(claire, { state: 1 });
    const put = (phone: unknown) =>
      world.request('PUT', `/v1/villages/${village.id}`, { token: claire.token, json: { updater_id: village.creatorVillagerId, phone } });

    expect((await put('+33612345678')).body.data.phone).toBe('+33612345678');
    expect((await put('0712345678')).body.data.phone).toBe('+33712345678');
    for (const [phone, message] of [
      ['0612', TOO_SHORT],
      ['00 1 123 456 7890', UNKNOWN],
      ['06 12 ab', DIGITS],
    ]) {
      const res = await put(phone);
      expect(res.status, phone).toBe(422);
      expect(res.body.errors, phone).toEqual([{ field: 'phone', message }]);
    }
    const kept = await world.request('GET', `/v1/villages/${village.id}`, { token: claire.token });
    expect(kept.body.data.phone).toBe('+33712345678');
    expect((await put('')).body.data.phone).toBeNull();
  });
});
