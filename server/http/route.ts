import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import { pathParamNames, type AnyEndpoint, type BodyOf, type PathParamName, type PathParams, type QueryOf } from '../../src/contract/endpoint';
import type { AppEnv, AuthUser } from '../deps';
import { requireUser } from './authenticate';
import { parse, pathId, readJson } from './validate';
import { refuseBadText } from './text-guard';

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

/** `/v1/villages/{id}` as Hono writes it: `/v1/villages/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers a signed-in call from its endpoint of the contract: its method on its full path, the caller
 * required (401 first), then path ids (404), `before`, the query and the JSON body (400 or 422), in that
 * order. A multipart body is left to the handler. The endpoint must say `auth: true`.
 */
export function route<E extends AnyEndpoint>(app: App, endpoint: E, handler: Handler<E, AuthUser>): void;
export function route<E extends AnyEndpoint>(app: App, endpoint: E, options: RouteOptions<E, AuthUser>, handler: Handler<E, AuthUser>): void;
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
  app.on(endpoint.method, honoPath(endpoint.path), async (c) => {
    const user = (signedIn ? requireUser(c) : c.get('user')) as U;
    const params: Record<string, string> = {};
    for (const name of names) {
      const notFound = ids[name];
      params[name] = notFound === undefined ? c.req.param(name)! : pathId(c, name, notFound);
    }
    const typedParams = params as PathParams<E['path']>;
    await options.before?.(c, { user, params: typedParams });
    const query = (endpoint.query ? parse(endpoint.query, await querySource(c, endpoint.method, endpoint.query)) : undefined) as QueryOf<E>;
    const body = (endpoint.body && endpoint.body !== 'multipart' ? parse(endpoint.body, await readJson(c)) : undefined) as BodyOf<E>;
    return handler(c, { user, params: typedParams, body, query });
  });
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
