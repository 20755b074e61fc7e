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
 */
export function createVillageViewCache(maxEntries = 200) {
  const entries = new Map<string, CachedView>();
  return {
    async getOrBuild(key: string, build: () => Promise<string>): Promise<CachedView> {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const json = await build();
      const body = Buffer.from(`{"data":${json}}`);
      const view = { json, body, gzipped: await gzip(body) };
      entries.set(key, view);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return view;
    },
  };
}
export type VillageViewCache = ReturnType<typeof createVillageViewCache>;
