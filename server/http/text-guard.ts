import { messages } from '../../src/contract';
import { invalid, type FieldError } from './errors';

/**
 * Text PostgreSQL cannot take, refused once where bodies and queries are read so that no call can
 * carry it to a text or jsonb column (where it would answer 500): a NUL character, which text cannot
 * hold, and a lone UTF-16 surrogate (`"a\ud800b"` is valid JSON), which is no Unicode character at all
 * and which jsonb refuses.
 */
export const BAD_CHARACTER = 'Ce texte contient un caractère invalide';

function badText(value: string): string | null {
  if (value.includes('\u0000')) return messages.wrongType;
  if (!value.isWellFormed()) return BAD_CHARACTER;
  return null;
}

/**
 * The first string (a value or a key, at any depth) PostgreSQL could not store: its dot path and message.
 * Its recursion is bounded by its callers: a body reaches it only after readJson's depth check
 * (MAX_JSON_DEPTH in validate.ts), a query is flat.
 */
export function findBadText(value: unknown, path = ''): FieldError | null {
  if (typeof value === 'string') {
    const message = badText(value);
    return message === null ? null : { field: path, message };
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    const keyMessage = badText(key);
    if (keyMessage !== null) return { field, message: keyMessage };
    const found = findBadText(item, field);
    if (found !== null) return found;
  }
  return null;
}

/** A 422 in French naming the field, when some text of a body or a query could not be stored. */
export function refuseBadText(value: unknown): void {
  const bad = findBadText(value);
  if (bad !== null) throw invalid([bad]);
}
