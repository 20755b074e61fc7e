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
 * Serialized village answers, by village and include, at the revision they were built for. Every write
 * bumps the revision in its own transaction and each read checks the current revision in the database
 * first, so an entry is never served stale, whichever instance made the write. Only the newest revision
 * of a view is kept: under steady writes, older ones would fill the bound with answers nobody asks for
 * again. Bounded, least recently used dropped first.
 *
 * Readers of one revision share one build: under load a write moves the revision while hundreds of
 * readers wait, and letting each of them rebuild the same view (four queries, the JSON, the gzip) queued
 * them all behind each other on the database (`npm run bench:load` measured it).
 */
export function createVillageViewCache(maxEntries = 200) {
  const entries = new Map<string, { revision: number; view: Promise<CachedView> }>();
  const buildView = async (build: () => Promise<string>): Promise<CachedView> => {
    const json = await build();
    const body = Buffer.from(`{"data":${json}}`);
    return { json, body, gzipped: await gzip(body) };
  };
  return {
    getOrBuild(villageId: string, revision: number, include: string, build: () => Promise<string>): Promise<CachedView> {
      const key = `${villageId}:${include}`;
      const hit = entries.get(key);
      if (hit?.revision === revision) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.view;
      }
      const view = buildView(build);
      // A reader who read the revision before a write that another reader already saw: answered, not kept.
      if (hit && hit.revision > revision) return view;
      const entry = { revision, view };
      entries.delete(key);
      entries.set(key, entry);
      // A failed build is not kept: the next reader tries again.
      view.catch(() => entries.get(key) === entry && entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return view;
    },
  };
}
export type VillageViewCache = ReturnType<typeof createVillageViewCache>;
