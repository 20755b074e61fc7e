import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Deps } from '../deps';
import { createWorld } from '../test/world';
import { sharedSecret } from '../events/shared-secret';
import { UNSUBSCRIBE_SECRET, unsubscribeToken } from '../mail/unsubscribe-token';
import { STORAGE_FULL_MESSAGE, findStorageFull } from './storage-full';

const lines: string[] = [];
const world = await createWorld({ logger: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }) });

/** What drizzle throws when PGlite's data directory has no room left (PGlite's own words and code, seen on a full tmpfs). */
const diskFull = () =>
  new Error('Failed query: insert into "villages" … params: jeanne.secret@exemple.fr', {
    cause: Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), { code: '53100', severity: 'ERROR' }),
  });
const noSpace = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
const outOfMemory = () => Object.assign(new Error('out of memory'), { code: '53200' });

/** The world's app on a database whose every transaction fails with this error, reads still answered. */
function appWithFailingWrites(error: () => Error) {
  const db = new Proxy(world.db, {
    get(target, property) {
      if (property === 'transaction') return () => Promise.reject(error());
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return createApp({ ...world.deps, db: db as Deps['db'], listen: undefined });
}

describe('a full disk', () => {
  it('answers a write with the French 503 and Retry-After, not a 500, and logs one line without the query', async () => {
    const user = await world.user('Pauline');
    const token = unsubscribeToken(await sharedSecret(world.db, UNSUBSCRIBE_SECRET)(), user.id, 'chat');
    for (const [error, code] of [
      [diskFull, '53100'],
      [noSpace, 'ENOSPC'],
      [outOfMemory, '53200'],
    ] as const) {
      const app = appWithFailingWrites(error);
      const before = lines.length;
      const answers = [
        await app.request('/v1/villages', {
          method: 'POST',
          headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ creation_mode: 2, first_name: 'Jeanne', name: 'Le village de Jeanne' }),
        }),
        await app.request(`/v1/mail/unsubscribe/${token}`, { method: 'POST' }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('Retry-After')).toBe('120');
        expect(await answer.json()).toEqual({ message: STORAGE_FULL_MESSAGE, http_code: 503 });
      }
      const logged = lines.slice(before).map((line) => JSON.parse(line));
      expect(logged.map((line) => line.msg)).toEqual(['storage full', 'storage full']);
      expect(logged[0]).toMatchObject({ code, method: 'POST', path: '/v1/villages' });
      expect(logged[0].stack ?? logged[0].err).toBeUndefined();
      expect(logged[1].path).toBe('/v1/mail/unsubscribe/…');
      expect(lines.slice(before).join('\n')).not.toContain('jeanne.secret@exemple.fr');
    }
  });

  it('is told from any other failure, which stays a 500', () => {
    expect(findStorageFull(diskFull())).toEqual({
      code: '53100',
      message: 'could not extend file "base/5/16385": No space left on device',
    });
    expect(findStorageFull(Object.assign(new Error('insufficient resources'), { code: '53000' }))?.code).toBe('53000');
    expect(findStorageFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    expect(findStorageFull(Object.assign(new Error('permission denied'), { code: 'EACCES' }))).toBeNull();
    expect(findStorageFull(new TypeError('x is undefined'))).toBeNull();
  });
});
