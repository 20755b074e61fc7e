import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { villageNeeds } from '../db/schema';
import { text as T } from './errors';
import { invitationMessages } from '../../src/contract/invitations';
import { JSON_TOO_DEEP, MAX_JSON_DEPTH, MAX_LISTED_ERRORS, NOT_JSON, nestsDeeperThan } from './validate';
import { createWorld } from '../test/world';

/** Bodies as a hostile client sends them (issue 37): nested without end, or JSON under another type. */

// Whatever the app logs at error level (an unhandled error's stack) is kept here.
const logged: string[] = [];
const world = await createWorld({ logger: pino({ level: 'error' }, { write: (line: string) => void logged.push(line) }) });

const json = { 'Content-Type': 'application/json' };
/** `{"x":[[…]]}`: an object holding arrays, `depth` containers in all. */
const nested = (depth: number) => `{"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

async function setup() {
  const creator = await world.user('Claire');
  const village = await world.village(creator);
  const needs = async () => (await world.db.select({ n: count() }).from(villageNeeds).where(eq(villageNeeds.villageId, village.id)))[0].n;
  return { creator, village, needs, needsPath: `/v1/villages/${village.id}/needs` };
}

describe('JSON nested too deep', () => {
  it('is refused with a French 400 on every kind of call, signed in or not, and logs no stack', async () => {
    const { creator, village, needs, needsPath } = await setup();
    const deep = nested(100_000);
    const calls: [string, string, string | undefined][] = [
      ['POST', '/v1/auth/login', undefined],
      ['POST', '/v1/auth/reset-password', undefined],
      ['POST', needsPath, creator.token],
      ['PUT', `/v1/villages/${village.id}`, creator.token],
      ['POST', '/v1/batch', creator.token],
      // A DELETE reads its acting villager from the body when the query has none.
      ['DELETE', `${needsPath}/0190f3a2-7b1c-7d4e-8f00-0000000000aa`, creator.token],
    ];
    logged.length = 0;
    for (const [method, path, token] of calls) {
      const res = await world.request(method, path, { token, body: deep, headers: json });
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 400,
        body: { message: JSON_TOO_DEEP, http_code: 400 },
      });
    }
    expect(logged).toEqual([]);
    expect(await needs()).toBe(0);
  });

  it('is refused as a megabyte of arrays, without a stack', async () => {
    const { creator, needsPath } = await setup();
    logged.length = 0;
    const megabyte = '['.repeat(500_000) + ']'.repeat(500_000);
    const res = await world.request('POST', needsPath, { token: creator.token, body: megabyte, headers: json });
    expect(res.body).toEqual({ message: JSON_TOO_DEEP, http_code: 400 });
    expect(logged).toEqual([]);
  });

  it(`keeps bodies up to ${MAX_JSON_DEPTH} levels, and brackets inside a string count for nothing`, async () => {
    const { creator, village, needs, needsPath } = await setup();
    // At the limit, the body goes on to its checks (an unknown field's content is not looked at).
    const atLimit = await world.request('POST', '/v1/auth/login', { body: nested(MAX_JSON_DEPTH), headers: json });
    expect(atLimit.status).toBe(422);
    const over = await world.request('POST', '/v1/auth/login', { body: nested(MAX_JSON_DEPTH + 1), headers: json });
    expect(over.status).toBe(400);
    const name = `[{"\\"${'['.repeat(60)}`;
    const res = await world.request('POST', needsPath, { token: creator.token, json: { villager_id: village.creatorVillagerId, name } });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe(name);
    expect(await needs()).toBe(1);
  });
});

describe('a megabyte of array items', () => {
  it('is refused by its count alone, with one error, before its items are looked at', async () => {
    const { creator, village } = await setup();
    // 150,000 wrong items fit in 1 MB: each was checked and named in the answer (several MB) before.
    const emails = Array.from({ length: 150_000 }, () => 1);
    const res = await world.request('POST', `/v1/villages/${village.id}/invitations`, {
      token: creator.token,
      json: { inviter_id: village.creatorVillagerId, emails },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'emails', message: invitationMessages.tooMany }]);
  });

  it(`names ${MAX_LISTED_ERRORS} wrong fields at most`, async () => {
    const { creator } = await setup();
    // A batch of 50 writes with three wrong fields each: 150 refusals of their own.
    const writes = Array.from({ length: 50 }, () => ({ method: 1, path: 2, idempotency_key: 3 }));
    const res = await world.request('POST', '/v1/batch', { token: creator.token, json: { writes } });
    expect(res.status).toBe(422);
    expect(res.body.errors.length).toBe(MAX_LISTED_ERRORS);
    expect(res.body.errors[0].field).toBe('writes.0.method');
  });
});

describe('a body that is not sent as JSON', () => {
  it('is refused with a French 415 on a JSON call, and nothing is written', async () => {
    const { creator, village, needs, needsPath } = await setup();
    const body = JSON.stringify({ villager_id: village.creatorVillagerId, name: 'Courses' });
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      const res = await world.request('POST', needsPath, { token: creator.token, body, headers: { 'Content-Type': type } });
      expect({ type, status: res.status, body: res.body }).toEqual({ type, status: 415, body: { message: NOT_JSON, http_code: 415 } });
    }
    // fetch types a string body text/plain by itself; bytes go with no type at all, which is not JSON's either.
    const login = JSON.stringify({ email: creator.email, password: 'x' });
    const stringBody = await world.app.request('/v1/auth/login', { method: 'POST', body: login });
    expect(stringBody.status).toBe(415);
    const untyped = await world.app.request('/v1/auth/login', { method: 'POST', body: new TextEncoder().encode(login) });
    expect(untyped.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await untyped.json()).toEqual({ message: NOT_JSON, http_code: 415 });
    expect(await needs()).toBe(0);
  });

  it('takes JSON under its parameters and +json types, and an empty body with no type', async () => {
    const { creator, village, needs, needsPath } = await setup();
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json']) {
      const res = await world.request('POST', needsPath, {
        token: creator.token,
        body: JSON.stringify({ villager_id: village.creatorVillagerId, name: type }),
        headers: { 'Content-Type': type },
      });
      expect({ type, status: res.status }).toEqual({ type, status: 201 });
    }
    expect(await needs()).toBe(3);
    // Nothing sent: read as {}, then refused by the body's own checks.
    const empty = await world.request('POST', needsPath, { token: creator.token });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(T.invalid);
  });
});

describe('nestsDeeperThan', () => {
  it('counts the objects and arrays open at once, not those inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    // Side by side is not nested: the object, its array and the arrays in it are three levels.
    expect(nestsDeeperThan(`{"a":[${'[],'.repeat(10)}[]]}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(50)}"}`, 1)).toBe(false);
    // An escaped quote does not end the string, an escaped backslash before a quote does.
    expect(nestsDeeperThan(`{"a":"\\"[[[["}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\\\",  "b":[[[]]]}`, 3)).toBe(true);
    expect(nestsDeeperThan('', 0)).toBe(false);
  });

  it('agrees with the depth of what JSON.parse reads, on drawn values whose strings hold quotes, backslashes and brackets', () => {
    let seed = 37;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pieces = ['"', '\\', '[', ']', '{', '}', 'a', 'é', '\\"'];
    let budget = 0;
    const draw = (depth: number): unknown => {
      const kind = depth > 40 || --budget < 0 ? 0 : Math.floor(random() * 4);
      if (kind === 0) return Array.from({ length: Math.floor(random() * 6) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      if (kind === 1) return Math.floor(random() * 100);
      const items = Array.from({ length: 1 + Math.floor(random() * 3) }, () => draw(depth + 1));
      return kind === 2 ? items : Object.fromEntries(items.map((item, i) => [`${pieces[i]}k${i}`, item]));
    };
    const depthOf = (value: unknown): number => {
      let deepest = 0;
      const stack: [unknown, number][] = [[value, 0]];
      while (stack.length) {
        const [item, above] = stack.pop()!;
        if (item === null || typeof item !== 'object') continue;
        deepest = Math.max(deepest, above + 1);
        for (const child of Object.values(item)) stack.push([child, above + 1]);
      }
      return deepest;
    };
    for (let i = 0; i < 500; i++) {
      budget = 200;
      const raw = JSON.stringify({ value: draw(1) });
      const depth = depthOf(JSON.parse(raw));
      expect([raw, nestsDeeperThan(raw, depth), nestsDeeperThan(raw, depth - 1)]).toEqual([raw, false, true]);
    }
  });
});
