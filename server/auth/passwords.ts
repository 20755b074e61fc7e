import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt's cost parameters: stored with each hash, so a hash is checked with the cost it was made with. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB each). What every server uses. */
export const PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 };
/**
 * What the tests' servers hash with (server/test/world.ts, and the processes started with TEST_FAST_PASSWORDS=1):
 * 1/128 of the work. A sign-up at full cost spends 0.42 s of CPU here, and the browser tests make about 200.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 32;
const maxmem = 256 * 1024 * 1024;

/**
 * Stored as `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old hashes. Only
 * the tests pass a lower cost (TEST_PASSWORD_COST); server/auth/auth.test.ts checks the server's own.
 */
export async function hashPassword(password: string, cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** Compared against when the e-mail is unknown, so that a wrong e-mail costs as long as a wrong password. */
const decoys = new Map<string, Promise<string>>();
export function decoyHash(cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let decoy = decoys.get(key);
  if (!decoy) decoys.set(key, (decoy = hashPassword(randomBytes(16).toString('hex'), cost)));
  return decoy;
}
