import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../test/world';

/**
 * `GET /v1/openapi.json` is generated from the endpoint table the routes are registered from: it must be
 * a well-formed OpenAPI 3.1 document, and name exactly the calls the server answers.
 */

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
  security?: Record<string, string[]>[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let world: World;
let doc: Document;

beforeAll(async () => {
  world = await createWorld();
  const res = await world.request('GET', '/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Document;
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

/** Every `$ref` in a JSON value, with where it is. */
function refs(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refs(item, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [{ ref: item, at }] : refs(item, `${at}/${key}`),
  );
}

/** The value a local JSON pointer (`#/components/schemas/X`) names, or undefined. */
function resolve(root: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Json)[part] : undefined), root);
}

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document: info, paths, and operations with a unique id and their responses', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    expect(operations().length).toBeGreaterThan(30);
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      expect(path).toMatch(/^\/v1\//);
      expect(METHODS).toContain(method);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
      expect(Object.keys(op.responses).length, op.operationId).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(typeof response.description).toBe('string');
      }
    }
  });

  it('declares each path parameter of a template once, as a required path parameter, and no other', () => {
    for (const { path, op } of operations()) {
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${op.operationId}`).toEqual(inTemplate);
      expect(declared.every((p) => p.required === true)).toBe(true);
      for (const p of op.parameters ?? []) expect(['path', 'query', 'header', 'cookie']).toContain(p.in);
    }
  });

  it('resolves every $ref and every security requirement inside the document', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const { ref, at } of all) expect(resolve(doc, ref), `${ref} at ${at}`).toBeDefined();
    for (const { op } of operations()) {
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes[scheme], scheme).toBeDefined();
      }
    }
  });

  it('describes bodies, queries, answers and errors from the contract', () => {
    const op = (id: string) => operations().find((o) => o.op.operationId === id)!.op;

    const register = op('register');
    expect(register.security).toBeUndefined();
    expect(register.requestBody!.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['email', 'first_name', 'last_name']),
      properties: expect.objectContaining({ password: expect.objectContaining({ type: 'string' }) }),
    });
    // The password is optional: an account can be joined with a name and an e-mail only.
    expect(register.requestBody!.content['application/json'].schema.required).not.toContain('password');
    expect(register.responses['201'].content!['application/json'].schema).toMatchObject({
      properties: { data: { properties: { token: { type: 'string' } } } },
      required: ['data'],
    });

    const createNeed = op('createNeed');
    expect(createNeed.security).toEqual([{ bearerAuth: [] }]);
    expect(createNeed.responses.default.content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiErrorBody' });
    expect(doc.components.schemas.ApiErrorBody).toMatchObject({ required: expect.arrayContaining(['message', 'http_code']) });

    expect(
      op('listActions')
        .parameters!.filter((p) => p.in === 'query')
        .map((p) => p.name),
    ).toEqual(expect.arrayContaining(['page', 'per_page']));
    expect(op('deleteNeed').responses['204'].content).toBeUndefined();
    expect(op('listMessages').responses['200'].content!['application/json'].schema).toMatchObject({
      properties: { data: { type: 'array' }, has_more: { type: 'boolean' } },
    });
    expect(Object.keys(op('calendarFile').responses['200'].content!)).toEqual(['text/calendar']);
    expect(op('uploadUserPhoto').requestBody!.content['multipart/form-data'].schema).toMatchObject({
      properties: { photo: { type: 'string', format: 'binary' } },
      required: ['photo'],
    });
  });

  it('documents the calls of slots and co-organisers with their inputs', () => {
    const find = (id: string) => operations().find((o) => o.op.operationId === id)!;
    expect(['updateHelp', 'listSlots', 'setVillagerRole'].map((id) => `${find(id).method} ${find(id).path}`)).toEqual([
      'put /v1/villages/{id}/helps/{helpId}',
      'get /v1/villages/{id}/slots',
      'put /v1/villages/{id}/villagers/{villagerId}',
    ]);
    const slots = find('listSlots').op;
    expect(slots.parameters!.filter((p) => p.in === 'query').map((p) => [p.name, p.required])).toEqual([
      ['from', true],
      ['to', true],
    ]);
    expect(slots.responses['200'].content!['application/json'].schema).toMatchObject({ properties: { data: { type: 'array' } } });
    expect(find('updateHelp').op.requestBody!.content['application/json'].schema).toMatchObject({ required: ['updater_id'] });
  });

  it('names exactly the calls the server answers under /v1, and the server answers all it names', () => {
    // Middleware (`use`) is registered for every method; routes name theirs.
    const served = world.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/v1/'))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual([...documented].sort());
  });
});
