import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';

const gzip = promisify(gzipCb);

/** One serialized village answer, kept encoded and gzipped: a cache hit costs no JSON and no compression. */
export interface CachedView {
  json: string;
  body: Buffer;
  gzipped: Buffer;
}

/**
 * Serialized village answers, keyed by village, revision and include. Every write bumps the revision in
 * its own transaction and each read checks the current revision in the database first, so an entry is
 * never served stale, whichever instance made the write. Bounded, least recently used dropped first.
 *
 * Readers of one key share one build: under load a write moves the revision while hundreds of readers
 * wait, and letting each of them rebuild the same view (four queries, the JSON, the gzip) queued them all
 * behind each other on the database; measured with `npm run bench:load`, that turned a write into seconds
 * of delay for every reader.
 */
export function createVillageViewCache(maxEntries = 200) {
  const entries = new Map<string, Promise<CachedView>>();
  const buildView = async (build: () => Promise<string>): Promise<CachedView> => {
    const json = await build();
    const body = Buffer.from(`{"data":${json}}`);
    return { json, body, gzipped: await gzip(body) };
  };
  return {
    getOrBuild(key: string, build: () => Promise<string>): Promise<CachedView> {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const building = buildView(build);
      entries.set(key, building);
      // A failed build is not kept: the next reader tries again.
      building.catch(() => entries.get(key) === building && entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return building;
    },
  };
}
export type VillageViewCache = ReturnType<typeof createVillageViewCache>;
