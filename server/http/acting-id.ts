import type { Context } from 'hono';
import * as v from 'valibot';
import { uuid } from '../../src/contract';
import { parse, readJson } from './validate';

/**
 * The acting villager id of a DELETE or bodiless PUT: the spec sends it in the query (deleter_id) or the
 * body (villager_id); both places are read, the query first.
 */
export async function actingIdFrom(c: Context, field: string): Promise<string> {
  const fromQuery = c.req.query(field);
  const source = fromQuery !== undefined ? { [field]: fromQuery } : await readJson(c);
  const input = parse(v.object({ [field]: uuid }), source) as Record<string, string>;
  return input[field];
}
