import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens';

describe('a session token', () => {
  it('is stored as its SHA-256 in hex, the form the sessions already in the database were written in', () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is a fresh 256-bit secret each time, handed out with its hash', () => {
    const a = newToken();
    const b = newToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashToken(a.token));
  });
});
