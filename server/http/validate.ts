import * as v from 'valibot';
import type { Context } from 'hono';
import { messages } from '../../src/contract';
import { HttpError, invalid, text } from './errors';
import { refuseBadText } from './text-guard';

/**
 * How many fields a 422 names at most: a body of 1 MB can hold 150,000 wrong items of one array, and the
 * answer listed each of them (several MB). A person fixes a form from its first errors.
 */
export const MAX_LISTED_ERRORS = 50;

/** Validates with a contract schema; failures become a 422 listing each field's French message. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const seen = new Set<string>();
  const errors: { field: string; message: string }[] = [];
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
    if (errors.length === MAX_LISTED_ERRORS) break;
  }
  throw invalid(errors);
}

/**
 * How deep a body may nest objects and arrays. The deepest body of the contract nests 6 (a batch holding a
 * need's schedule); deeper text is refused before it is parsed, since what walks a parsed body (the text
 * guard, valibot, JSON.stringify) recurses and a body of nested brackets exhausted the stack (a 500).
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = 'Le contenu envoyé contient trop de niveaux imbriqués.';
export const NOT_JSON = 'Le contenu envoyé doit être du JSON (Content-Type: application/json).';

// `application/json` or a `+json` type, with or without parameters (`; charset=utf-8`).
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * The JSON body, or a 4xx in French: 415 when a body comes with another type than JSON's (or none), 400
 * when it nests deeper than MAX_JSON_DEPTH or is not JSON. An empty body reads as `{}`, whatever its type.
 * Every body of /v1 is an object: anything else (an array, which valibot's object schemas would take for
 * one, a string, null) is refused, and so is text PostgreSQL cannot store (a NUL character, a lone
 * surrogate), before it reaches the database.
 */
export async function readJson(c: Context): Promise<unknown> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) throw new HttpError(415, NOT_JSON);
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) throw new HttpError(400, JSON_TOO_DEEP);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, text.badJson);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid([{ field: '', message: messages.wrongType }]);
  }
  refuseBadText(parsed);
  return parsed;
}

/**
 * Whether JSON text opens more than `max` objects and arrays inside one another, read in one pass without
 * parsing, stopping at the first bracket too many: brackets inside strings count for nothing. Text that is
 * not JSON may be judged either way; JSON.parse refuses it after.
 */
export function nestsDeeperThan(raw: string, max: number): boolean {
  // A usual body opens a few: no more than `max` in all cannot nest deeper, found by the engine's own search.
  if (opensAtMost(raw, max)) return false;
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(raw, i);
      if (i === -1) return false;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** Where the string opened at `start` ends (its closing quote), -1 if it never does: the engine's search, not a loop per character. */
function stringEnd(raw: string, start: number): number {
  let end = raw.indexOf('"', start + 1);
  // A quote after an odd run of backslashes is escaped: each run is counted once, as it lies before one quote.
  while (end !== -1 && backslashesBefore(raw, end, start) % 2 === 1) end = raw.indexOf('"', end + 1);
  return end;
}

function backslashesBefore(raw: string, at: number, floor: number): number {
  let i = at - 1;
  while (i > floor && raw.charCodeAt(i) === BACKSLASH) i--;
  return at - 1 - i;
}

function opensAtMost(raw: string, max: number): boolean {
  let opened = 0;
  for (const bracket of ['{', '[']) {
    for (let i = raw.indexOf(bracket); i !== -1; i = raw.indexOf(bracket, i + 1)) if (++opened > max) return false;
  }
  return true;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id: anything that is not a UUID cannot name a row, so it is a 404 with the resource's message. */
export function pathId(c: Context, name: string, notFoundMessage: string): string {
  const id = c.req.param(name) ?? '';
  if (!id.match(UUID_RE)) throw new HttpError(404, notFoundMessage);
  return id.toLowerCase();
}
