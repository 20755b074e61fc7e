import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import {
  pathParamNames,
  type AnyEndpoint,
  type BodyOf,
  type PathParamName,
  type PathParams,
  type QueryOf,
} from '../../src/contract/endpoint';
import type { AppEnv, AuthUser } from '../deps';
import { requireUser } from './authenticate';
import type { CallStep } from './call-step';
import { parse, pathId, readJson } from './validate';
import { refuseBadText } from './text-guard';
import { rememberInput } from './request-input';

export type App = Hono<AppEnv>;

/** What a handler is given, validated: the path parameters, the body and the query, typed from the endpoint. */
export interface RouteInput<E extends AnyEndpoint, U> {
  user: U;
  params: PathParams<E['path']>;
  body: BodyOf<E>;
  query: QueryOf<E>;
}

export interface RouteOptions<E extends AnyEndpoint, U> {
  /**
   * The path parameters that name a row, with the resource's "not found" message: anything but a UUID
   * cannot name a row, so it answers that 404 (and the id is handed over in lower case). The other
   * parameters are handed over as they came.
   */
  ids?: { [K in PathParamName<E['path']>]?: string };
  /** Checks that must answer before the body is even read (a rate limit, "only your own account"). */
  before?: (c: Context<AppEnv>, input: { user: U; params: PathParams<E['path']> }) => void | Promise<void>;
}

type Handler<E extends AnyEndpoint, U> = (c: Context<AppEnv>, input: RouteInput<E, U>) => Response | Promise<Response>;

/**
 * The steps of every call of an app (server/app.ts: the body limit, then the token), run by each route
 * itself rather than as a Hono middleware: a middleware matches every path, and a request that matches more
 * than one handler goes through Hono's `compose` (an async function per handler) instead of calling its one
 * handler directly, which `bench:api`'s request path measured.
 */
const callSteps = new WeakMap<App, CallStep>();

/** Sets the steps of every call of `app`: before its first route is registered. */
export function setCallSteps(app: App, steps: CallStep) {
  callSteps.set(app, steps);
}

/** `/v1/villages/{id}` as Hono writes it: `/v1/villages/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers a signed-in call from its endpoint of the contract: its method on its full path, the caller
 * required (401 first), then path ids (404), `before`, the query and the JSON body (400 or 422), in that
 * order. A multipart body is left to the handler. The endpoint must say `auth: true`.
 */
export function route<E extends AnyEndpoint>(app: App, endpoint: E, handler: Handler<E, AuthUser>): void;
export function route<E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  options: RouteOptions<E, AuthUser>,
  handler: Handler<E, AuthUser>,
): void;
export function route<E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  ...rest: [Handler<E, AuthUser>] | [RouteOptions<E, AuthUser>, Handler<E, AuthUser>]
) {
  register(app, endpoint, true, rest.length === 1 ? {} : rest[0], rest.length === 1 ? rest[0] : rest[1]);
}

/** The same for a call anyone may make (`auth: false`); the caller is given when there is one. */
export function publicRoute<E extends AnyEndpoint>(app: App, endpoint: E, handler: Handler<E, AuthUser | null>): void;
export function publicRoute<E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  options: RouteOptions<E, AuthUser | null>,
  handler: Handler<E, AuthUser | null>,
): void;
export function publicRoute<E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  ...rest: [Handler<E, AuthUser | null>] | [RouteOptions<E, AuthUser | null>, Handler<E, AuthUser | null>]
) {
  register(app, endpoint, false, rest.length === 1 ? {} : rest[0], rest.length === 1 ? rest[0] : rest[1]);
}

function register<E extends AnyEndpoint, U extends AuthUser | null>(
  app: App,
  endpoint: E,
  signedIn: boolean,
  options: RouteOptions<E, U>,
  handler: Handler<E, U>,
) {
  // The table and the server must agree on who may call: a mismatch stops the app from being built.
  if (endpoint.auth !== signedIn) {
    throw new Error(`${endpoint.name}: the table says auth ${endpoint.auth}, registered with ${signedIn ? 'route' : 'publicRoute'}`);
  }
  const names = pathParamNames(endpoint.path);
  const ids = (options.ids ?? {}) as Record<string, string | undefined>;
  // A parameter renamed in the table must not leave an id unchecked.
  const unknown = Object.keys(ids).filter((name) => !names.includes(name));
  if (unknown.length) throw new Error(`${endpoint.name}: ${unknown.join(', ')} is not a parameter of ${endpoint.path}`);
  // Every path id goes through the one UUID check below: an id read raw would reach a uuid column and answer 500.
  const unchecked = names.filter((name) => isIdName(name) && ids[name] === undefined);
  if (unchecked.length) throw new Error(`${endpoint.name}: path id ${unchecked.join(', ')} needs its "not found" message in \`ids\``);
  const steps = callSteps.get(app);
  if (!steps) throw new Error(`${endpoint.name}: registered before the app's call steps (setCallSteps)`);
  const readsJson = endpoint.body !== undefined && endpoint.body !== 'multipart';
  // Nothing to wait for before the handler (the health check, a read without a query): it is called in the
  // same turn, and an answer it has at once goes back without a promise, on @hono/node-server's fast path.
  const waitsBeforeHandler = options.before !== undefined || endpoint.query !== undefined || readsJson;
  const answer = (c: Context<AppEnv>) => {
    const user = (signedIn ? requireUser(c) : c.get('user')) as U;
    const params: Record<string, string> = {};
    for (const name of names) {
      const notFound = ids[name];
      params[name] = notFound === undefined ? c.req.param(name)! : pathId(c, name, notFound);
    }
    const typedParams = params as PathParams<E['path']>;
    if (!waitsBeforeHandler) return handler(c, { user, params: typedParams, body: undefined as BodyOf<E>, query: undefined as QueryOf<E> });
    return readThenHandle(c, user, typedParams);
  };
  // A read's query string is validated once: the same few come back on every read (a village's include and
  // window). Kept frozen, since every later request with that string is handed the same object. Not a
  // DELETE's, which may come from its body (querySource).
  const validQueries = new Map<string, QueryOf<E>>();
  const readQuery = async (c: Context<AppEnv>, schema: v.GenericSchema) => {
    if (endpoint.method === 'DELETE') return parse(schema, await querySource(c, endpoint.method, schema)) as QueryOf<E>;
    const url = c.req.url;
    const search = url.slice(url.indexOf('?') + 1 || url.length);
    const known = validQueries.get(search);
    if (known !== undefined) return known;
    const query = Object.freeze(parse(schema, await querySource(c, endpoint.method, schema))) as QueryOf<E>;
    if (validQueries.size >= 1_000) validQueries.clear();
    validQueries.set(search, query);
    return query;
  };
  const readThenHandle = async (c: Context<AppEnv>, user: U, params: PathParams<E['path']>) => {
    await options.before?.(c, { user, params });
    const query = (endpoint.query ? await readQuery(c, endpoint.query) : undefined) as QueryOf<E>;
    const body = (readsJson ? parse(endpoint.body as v.GenericSchema, await readJson(c)) : undefined) as BodyOf<E>;
    // A write's Idempotency-Key is bound to what it asked for (write.ts).
    if (endpoint.method !== 'GET') rememberInput(c, body, query);
    return handler(c, { user, params, body, query });
  };
  app.on(endpoint.method, honoPath(endpoint.path), (c) => steps(c, () => answer(c)));
}

/** `{id}`, `{helpId}`…: a parameter that names a row. Others (a feed token, a file name) are handed over as they came. */
const isIdName = (name: string) => name === 'id' || name.endsWith('Id');

/**
 * Where a query is read from. The spec lets a DELETE send its acting villager id (`villager_id`,
 * `deleter_id`) in the query or in a JSON body: the query when it holds any of the schema's fields, else
 * the body.
 */
async function querySource(c: Context<AppEnv>, method: string, schema: v.GenericSchema) {
  const query = c.req.query();
  refuseBadText(query);
  if (method !== 'DELETE') return query;
  const fields = Object.keys((schema as { entries?: Record<string, unknown> }).entries ?? {});
  return fields.some((field) => field in query) ? query : readJson(c);
}
