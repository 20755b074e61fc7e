import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L or U/V look-alikes: a code read aloud or copied by hand comes out right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTWXYZ23456789';
export const SHARE_CODE_LENGTH = 8;

/** 29^8 ≈ 5·10^11 codes, drawn from the system's CSPRNG: not guessable, and collisions are retried. */
export function newShareCode(): string {
  let code = '';
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
