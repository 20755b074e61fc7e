import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { hashPassword, PASSWORD_COST, TEST_PASSWORD_COST, verifyPassword } from './passwords';

describe('TEST_FAST_PASSWORDS, for the tests’ throwaway servers only', () => {
  it('is off unless set to 1, and refuses anything else in French', () => {
    expect(readConfig({}).fastPasswords).toBe(false);
    expect(readConfig({ TEST_FAST_PASSWORDS: '0' }).fastPasswords).toBe(false);
    expect(readConfig({ TEST_FAST_PASSWORDS: '1' }).fastPasswords).toBe(true);
    expect(() => readConfig({ TEST_FAST_PASSWORDS: 'oui' })).toThrow('TEST_FAST_PASSWORDS doit valoir 0 ou 1');
  });

  it('hashes at the low cost in the same format, and a server at full cost still checks such a hash', async () => {
    expect(TEST_PASSWORD_COST.N).toBeLessThan(PASSWORD_COST.N);
    const stored = await hashPassword('motdepasse-essai', TEST_PASSWORD_COST);
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('motdepasse-essai', stored)).toBe(true);
    expect(await verifyPassword('motdepasse-autre', stored)).toBe(false);
  });
});
