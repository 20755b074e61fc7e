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

  it('builds again when the revision moves, and keeps only the newest revision', async () => {
    const cache = createVillageViewCache();
    const at = (n: number) => async () => `{"revision":${n}}`;
    expect((await cache.getOrBuild('v', 1, 'all', at(1))).json).toBe('{"revision":1}');
    expect((await cache.getOrBuild('v', 2, 'all', at(2))).json).toBe('{"revision":2}');
    // A late reader of revision 1 is answered with what it read, and revision 2 stays cached.
    expect((await cache.getOrBuild('v', 1, 'all', at(1))).json).toBe('{"revision":1}');
    expect((await cache.getOrBuild('v', 2, 'all', at(99))).json).toBe('{"revision":2}');
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
