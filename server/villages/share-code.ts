import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L or U/V look-alikes: a code read aloud or copied by hand comes out right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTWXYZ23456789';
// The first character is a letter other than E: a code must never read as a number ("23456E78"), which
// URL search parsers (the app's router among them) would turn into one.
const FIRST = 'ABCDFGHJKMNPQRSTWXYZ';
export const SHARE_CODE_LENGTH = 8;

/** 20·29^7 ≈ 3·10^11 codes, drawn from the system's CSPRNG: not guessable, and collisions are retried. */
export function newShareCode(): string {
  let code = FIRST[randomInt(FIRST.length)];
  for (let i = 1; i < SHARE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
