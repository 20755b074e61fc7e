import * as v from 'valibot';
import type { Context } from 'hono';
import { messages } from '../../src/contract';
import { HttpError, invalid, text } from './errors';
import { refuseBadText } from './text-guard';

/** Validates with a contract schema; failures become a 422 listing each field's French message. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const seen = new Set<string>();
  const errors = result.issues
    .map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }))
    .filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)));
  throw invalid(errors);
}

/**
 * The JSON body, or a 400 in French when it is not JSON. An empty body reads as `{}`. Every body of /v1 is
 * an object: anything else (an array, which valibot's object schemas would take for one, a string, null)
 * is refused, and so is text PostgreSQL cannot store (a NUL character, a lone surrogate), before it reaches the database.
 */
export async function readJson(c: Context): Promise<unknown> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
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

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id: anything that is not a UUID cannot name a row, so it is a 404 with the resource's message. */
export function pathId(c: Context, name: string, notFoundMessage: string): string {
  const id = c.req.param(name) ?? '';
  if (!id.match(UUID_RE)) throw new HttpError(404, notFoundMessage);
  return id.toLowerCase();
}
