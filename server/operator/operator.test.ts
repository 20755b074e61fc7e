import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { createWorld } from '../test/world';

describe('who runs the server (GET /v1/operator)', () => {
  it('answers the settings OPERATOR_NAME and OPERATOR_EMAIL, signed out', async () => {
    const config = readConfig({ OPERATOR_NAME: ' Association Les Tilleuls ', OPERATOR_EMAIL: 'contact@tilleuls.example' });
    const world = await createWorld({ operator: config.operator });
    const res = await world.request('GET', '/v1/operator');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { name: 'Association Les Tilleuls', email: 'contact@tilleuls.example' } });
  });

  it('answers nulls when they are unset', async () => {
    const world = await createWorld({ operator: readConfig({}).operator });
    const res = await world.request('GET', '/v1/operator');
    expect(res.body).toEqual({ data: { name: null, email: null } });
  });

  it('refuses a start with an address that is not one, or a link that is not http(s), naming the setting', () => {
    expect(() => readConfig({ OPERATOR_EMAIL: 'contact' })).toThrow(/OPERATOR_EMAIL doit être une adresse e-mail/);
    expect(() => readConfig({ VITE_LEGAL_NOTICE_URL: 'ftp://exemple.fr/mentions' })).toThrow(/VITE_LEGAL_NOTICE_URL doit commencer par/);
  });
});
