import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { KeptPart } from './gzip-parts';
import { createVillageViewCache } from './view-cache';

/** A build's answer with no helps: the village's JSON whole. */
const whole = (json: string) => ({ head: json, tail: '' });
const text = (view: { village: Buffer }) => view.village.toString();

describe('village view cache', () => {
  it('builds a view once for all the readers of one revision who arrive while it is being built', async () => {
    const cache = createVillageViewCache();
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const build = async () => {
      builds++;
      await gate;
      return whole('{"id":"v"}');
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
    const at = (n: number) => async () => whole(`{"revision":${n}}`);
    expect(text(await cache.getOrBuild('v', 1, 'all', at(1)))).toBe('{"revision":1}');
    const second = await cache.getOrBuild('v', 2, 'all', at(2));
    expect(second.revision).toBe(2);
    expect(text(second)).toBe('{"revision":2}');
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
      return whole(`{"revision":${n}}`);
    };
    const first = cache.getOrBuild('v', 1, 'all', at(1));
    // Three writes land while revision 1 is being built; their readers come one after the other.
    const later = [cache.getOrBuild('v', 2, 'all', at(2)), cache.getOrBuild('v', 4, 'all', at(4)), cache.getOrBuild('v', 3, 'all', at(3))];
    release();
    expect(text(await first)).toBe('{"revision":1}');
    const views = await Promise.all(later);
    expect(built).toEqual([1, 4]);
    for (const view of views) expect([view.revision, text(view)]).toEqual([4, '{"revision":4}']);
    // Kept: the next reader of revision 4 is answered without a build.
    expect(await cache.getOrBuild('v', 4, 'all', at(99))).toBe(views[0]);
  });

  it('starts the next build even when the running one fails', async () => {
    const cache = createVillageViewCache();
    let fail!: (e: Error) => void;
    const failing = cache.getOrBuild('v', 1, 'all', () => new Promise<{ head: string; tail: string }>((_, reject) => (fail = reject)));
    const next = cache.getOrBuild('v', 2, 'all', async () => whole('{"revision":2}'));
    fail(new Error('base indisponible'));
    await expect(failing).rejects.toThrow('base indisponible');
    expect(text(await next)).toBe('{"revision":2}');
  });

  it('forgets a failed build, so the next reader tries again', async () => {
    const cache = createVillageViewCache();
    await expect(cache.getOrBuild('v', 3, 'all', () => Promise.reject(new Error('base indisponible')))).rejects.toThrow(
      'base indisponible',
    );
    const view = await cache.getOrBuild('v', 3, 'all', async () => whole('{"id":"v"}'));
    expect(text(view)).toBe('{"id":"v"}');
  });

  it('keeps at most its bound of views, the least recently read dropped first', async () => {
    const cache = createVillageViewCache(2);
    let builds = 0;
    const build = async () => whole(`{"n":${++builds}}`);
    await cache.getOrBuild('a', 1, 'all', build);
    await cache.getOrBuild('b', 1, 'all', build);
    await cache.getOrBuild('a', 1, 'all', build);
    await cache.getOrBuild('c', 1, 'all', build);
    expect(text(await cache.getOrBuild('a', 1, 'all', build))).toBe('{"n":1}');
    expect(text(await cache.getOrBuild('b', 1, 'all', build))).toBe('{"n":4}');
  });

  it('lays the chunks of helps kept from the last build between the head and tail, compressing them once', async () => {
    const cache = createVillageViewCache();
    const chunkOf = (from: number) => ({
      bytes: Buffer.from(
        Array.from({ length: 150 }, (_, i) => JSON.stringify({ id: `aide-${from + i}`, comment: 'Je passe à 18 h' })).join(','),
      ),
    });
    const helps: KeptPart[] = [chunkOf(0), chunkOf(150)];
    // A write that changed nothing before the helps (a need's note is in the same answer, but after them here).
    const at = (n: number) => async () => ({ head: '{"name":"Les Tilleuls","helps":[', helps, tail: `],"revision":${n}}` });
    const first = await cache.getOrBuild('v', 1, 'all', at(1));
    const segments = helps.map((chunk) => chunk.segment);
    const second = await cache.getOrBuild('v', 2, 'all', at(2));
    expect(segments[0]).toBeDefined();
    expect(helps.map((chunk, i) => chunk.segment === segments[i])).toEqual([true, true]);
    const expectedHelps = Array.from({ length: 300 }, (_, i) => ({ id: `aide-${i}`, comment: 'Je passe à 18 h' }));
    for (const [n, view] of [
      [1, first],
      [2, second],
    ] as const) {
      const expected = { data: { name: 'Les Tilleuls', helps: expectedHelps, revision: n } };
      expect(JSON.parse(view.body.toString())).toEqual(expected);
      expect(JSON.parse(gunzipSync(view.gzipped).toString())).toEqual(expected);
      expect(JSON.parse(text(view))).toEqual(expected.data);
    }
  });
});
