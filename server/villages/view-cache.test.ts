import { describe, expect, it } from 'vitest';
import { createVillageViewCache } from './view-cache';

describe('village view cache', () => {
  it('builds a view once for all the readers of one revision who arrive while it is being built', async () => {
    const cache = createVillageViewCache();
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const build = async () => {
      builds++;
      await gate;
      return '{"id":"v"}';
    };
    const readers = Array.from({ length: 50 }, () => cache.getOrBuild('v', 2, 'all', build));
    release();
    const views = await Promise.all(readers);
    expect(builds).toBe(1);
    expect(new Set(views).size).toBe(1);
    expect(views[0].body.toString()).toBe('{"data":{"id":"v"}}');
  });

  it('builds again when the revision moves, keeps only the newest, and answers a late reader of an older revision with it', async () => {
    const cache = createVillageViewCache();
    const at = (n: number) => async () => `{"revision":${n}}`;
    expect((await cache.getOrBuild('v', 1, 'all', at(1))).json).toBe('{"revision":1}');
    const second = await cache.getOrBuild('v', 2, 'all', at(2));
    expect(second).toMatchObject({ revision: 2, json: '{"revision":2}' });
    // A reader who read revision 1 before the write: revision 2 holds all it read.
    expect(await cache.getOrBuild('v', 1, 'all', at(1))).toBe(second);
    expect(await cache.getOrBuild('v', 2, 'all', at(99))).toBe(second);
  });

  it('builds once more for all the readers of newer revisions who come while an older one is being built, with the newest', async () => {
    const cache = createVillageViewCache();
    const built: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const at = (n: number) => async () => {
      built.push(n);
      if (n === 1) await gate;
      return `{"revision":${n}}`;
    };
    const first = cache.getOrBuild('v', 1, 'all', at(1));
    // Three writes land while revision 1 is being built; their readers come one after the other.
    const later = [cache.getOrBuild('v', 2, 'all', at(2)), cache.getOrBuild('v', 4, 'all', at(4)), cache.getOrBuild('v', 3, 'all', at(3))];
    release();
    expect((await first).json).toBe('{"revision":1}');
    const views = await Promise.all(later);
    expect(built).toEqual([1, 4]);
    for (const view of views) expect(view).toMatchObject({ revision: 4, json: '{"revision":4}' });
    // Kept: the next reader of revision 4 is answered without a build.
    expect(await cache.getOrBuild('v', 4, 'all', at(99))).toBe(views[0]);
  });

  it('starts the next build even when the running one fails', async () => {
    const cache = createVillageViewCache();
    let fail!: (e: Error) => void;
    const failing = cache.getOrBuild('v', 1, 'all', () => new Promise<string>((_, reject) => (fail = reject)));
    const next = cache.getOrBuild('v', 2, 'all', async () => '{"revision":2}');
    fail(new Error('base indisponible'));
    await expect(failing).rejects.toThrow('base indisponible');
    expect((await next).json).toBe('{"revision":2}');
  });

  it('forgets a failed build, so the next reader tries again', async () => {
    const cache = createVillageViewCache();
    await expect(cache.getOrBuild('v', 3, 'all', () => Promise.reject(new Error('base indisponible')))).rejects.toThrow('base indisponible');
    const view = await cache.getOrBuild('v', 3, 'all', async () => '{"id":"v"}');
    expect(view.json).toBe('{"id":"v"}');
  });

  it('keeps at most its bound of views, the least recently read dropped first', async () => {
    const cache = createVillageViewCache(2);
    let builds = 0;
    const build = async () => `{"n":${++builds}}`;
    await cache.getOrBuild('a', 1, 'all', build);
    await cache.getOrBuild('b', 1, 'all', build);
    await cache.getOrBuild('a', 1, 'all', build);
    await cache.getOrBuild('c', 1, 'all', build);
    expect((await cache.getOrBuild('a', 1, 'all', build)).json).toBe('{"n":1}');
    expect((await cache.getOrBuild('b', 1, 'all', build)).json).toBe('{"n":4}');
  });
});
