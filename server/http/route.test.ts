import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { endpoint } from '../../src/contract/endpoint';
import type { AppEnv } from '../deps';
import { HttpError, forbidden } from './errors';
import { publicRoute, route, setCallSteps } from './route';

/** The route helper alone, on a bare app: no database, a caller named by a test header. */

const putThing = endpoint({
  name: 'putThing',
  method: 'PUT',
  path: '/v1/boxes/{id}/things/{thingId}',
  summary: 'test',
  body: v.object({ label: v.string() }),
  answer: { data: v.unknown() },
});
const deleteThing = endpoint({
  name: 'deleteThing',
  method: 'DELETE',
  path: '/v1/boxes/{id}/things/{thingId}',
  summary: 'test',
  query: v.object({ villager_id: v.string() }),
});
const listThings = endpoint({
  name: 'listThings',
  method: 'GET',
  path: '/v1/things',
  summary: 'test',
  auth: false,
  query: v.object({ limit: v.optional(v.pipe(v.string(), v.regex(/^\d+$/))) }),
  answer: { data: v.unknown() },
});
const readFile = endpoint({
  name: 'readFile',
  method: 'GET',
  path: '/v1/files/{file}',
  summary: 'test',
  auth: false,
  status: 200,
  answer: { raw: 'text/plain' },
});

const BOX_ID = '0190f3a2-7b1c-7d4e-8f00-0000000000AA';
const THING_ID = '0190f3a2-7b1c-7d4e-8f00-0000000000bb';

function testApp() {
  const app = new Hono<AppEnv>();
  setCallSteps(app, (c, next) => {
    const id = c.req.header('X-Test-User');
    c.set('user', id ? { id, sessionHash: 'h' } : null);
    return next();
  });
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ message: error.message, errors: error.errors }, error.status);
    throw error;
  });
  const ids = { id: 'Boîte introuvable', thingId: 'Chose introuvable' };
  route(
    app,
    putThing,
    {
      ids,
      before: (_c, { user }) => {
        if (user.id === 'intrus') throw forbidden('Pas à vous');
      },
    },
    (c, input) => c.json({ data: input }),
  );
  route(app, deleteThing, { ids }, (c, { query }) => c.json({ acting: query.villager_id }));
  publicRoute(app, listThings, (c, { query }) => c.json({ query, frozen: Object.isFrozen(query) }));
  publicRoute(app, readFile, (c, { user, params }) => c.text(`${params.file} for ${user?.id ?? 'anyone'}`));
  return app;
}

const send = (app: Hono<AppEnv>, method: string, path: string, options: { user?: string; json?: unknown } = {}) =>
  app.request(path, {
    method,
    headers: { ...(options.user ? { 'X-Test-User': options.user } : {}), 'Content-Type': 'application/json' },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });

describe('a route registered from its endpoint', () => {
  it('is served on the full path of the table and hands over typed, validated input', async () => {
    const res = await send(testApp(), 'PUT', `/v1/boxes/${BOX_ID}/things/${THING_ID}`, { user: 'u1', json: { label: 'Pot' } });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({
      user: { id: 'u1', sessionHash: 'h' },
      params: { id: BOX_ID.toLowerCase(), thingId: THING_ID },
      body: { label: 'Pot' },
    });
  });

  it('answers in a fixed order: no caller 401, a malformed id its 404, `before`, then the body 422', async () => {
    const app = testApp();
    const bad = { label: 5 };
    expect((await send(app, 'PUT', `/v1/boxes/x/things/y`, { json: bad })).status).toBe(401);
    const box = await send(app, 'PUT', `/v1/boxes/x/things/y`, { user: 'intrus', json: bad });
    expect([box.status, (await box.json()).message]).toEqual([404, 'Boîte introuvable']);
    const thing = await send(app, 'PUT', `/v1/boxes/${BOX_ID}/things/y`, { user: 'intrus', json: bad });
    expect([thing.status, (await thing.json()).message]).toEqual([404, 'Chose introuvable']);
    expect((await send(app, 'PUT', `/v1/boxes/${BOX_ID}/things/${THING_ID}`, { user: 'intrus', json: bad })).status).toBe(403);
    const invalid = await send(app, 'PUT', `/v1/boxes/${BOX_ID}/things/${THING_ID}`, { user: 'u1', json: bad });
    expect([invalid.status, (await invalid.json()).errors]).toEqual([422, [{ field: 'label', message: expect.any(String) }]]);
  });

  it("reads a DELETE's query from the query string, or else from the JSON body", async () => {
    const app = testApp();
    const path = `/v1/boxes/${BOX_ID}/things/${THING_ID}`;
    expect(await (await send(app, 'DELETE', `${path}?villager_id=q`, { user: 'u1', json: { villager_id: 'b' } })).json()).toEqual({
      acting: 'q',
    });
    expect(await (await send(app, 'DELETE', path, { user: 'u1', json: { villager_id: 'b' } })).json()).toEqual({ acting: 'b' });
    expect((await send(app, 'DELETE', path, { user: 'u1' })).status).toBe(422);
  });

  it('validates a query string once: the same string gets the same frozen query, a bad one its 422 every time', async () => {
    const app = testApp();
    for (let i = 0; i < 2; i++) {
      expect(await (await send(app, 'GET', '/v1/things?limit=5')).json()).toEqual({ query: { limit: '5' }, frozen: true });
      expect((await send(app, 'GET', '/v1/things?limit=cinq')).status).toBe(422);
    }
    expect(await (await send(app, 'GET', '/v1/things?limit=7')).json()).toEqual({ query: { limit: '7' }, frozen: true });
    expect(await (await send(app, 'GET', '/v1/things')).json()).toEqual({ query: {}, frozen: true });
  });

  it('lets anyone call a public endpoint, its parameters as they came', async () => {
    const res = await send(testApp(), 'GET', '/v1/files/Abc.ics');
    expect(await res.text()).toBe('Abc.ics for anyone');
  });

  it('refuses to register an endpoint whose auth the table and the server disagree on', () => {
    const app = new Hono<AppEnv>();
    setCallSteps(app, (_c, next) => next());
    expect(() => route(app, readFile, (c) => c.text(''))).toThrow(/readFile/);
    expect(() => publicRoute(app, putThing, (c) => c.text(''))).toThrow(/putThing/);
  });

  it('refuses an id check on a parameter the path does not have (renamed in the table)', () => {
    const app = new Hono<AppEnv>();
    setCallSteps(app, (_c, next) => next());
    expect(() => route(app, deleteThing, { ids: { id: 'x', boxId: 'y' } as object }, (c) => c.text(''))).toThrow(/boxId/);
  });

  it('refuses a route registered before the steps every call takes (the token, the body limit)', () => {
    expect(() => publicRoute(new Hono<AppEnv>(), readFile, (c) => c.text(''))).toThrow(/readFile.*setCallSteps/);
  });

  it('answers in the same turn when nothing is to be read before the handler, and after reading otherwise', async () => {
    const app = testApp();
    expect(app.request('/v1/files/Abc.ics')).not.toBeInstanceOf(Promise);
    expect(
      app.request(`/v1/boxes/${BOX_ID}/things/${THING_ID}`, { method: 'PUT', headers: { 'X-Test-User': 'u1' }, body: '{"label":"Pot"}' }),
    ).toBeInstanceOf(Promise);
  });
});
