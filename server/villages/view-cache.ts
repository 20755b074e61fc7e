import { promisify } from 'node:util';
import { brotliCompress as brotliCb, constants } from 'node:zlib';
import { gzipParts, partBytes, type AnswerPart } from './gzip-parts';
import type { VillageJson } from './view';

const brotli = promisify(brotliCb);
/** An answer's envelope around the village: `{"data":` … `}` (ASCII: its length in bytes is its length). */
const DATA_OPEN = '{"data":';
const COMMA = Buffer.from(',');
/**
 * gzip at level 5: on a village of 2,400 helps (870 KB of JSON) it gave 58.7 KB in 3.5 ms against level 6's
 * 58.1 KB in 5.0 ms; the gzipped copy is what the first readers after a write wait for.
 */
const GZIP_OPTIONS = { level: 5 };
/**
 * Brotli at quality 6: a third smaller than gzip on a village's JSON (9.8 against 14.5 KB for 530 helps) in
 * about the time gzip takes; what is sent weighs on a phone's connection and on the server's writes.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/**
 * One serialized village answer, kept encoded and compressed: a cache hit costs no JSON and no compression.
 * `revision` is the village revision it shows at least (its ETag); `village` is the village's JSON alone, for
 * a list of villages. The Brotli copy is made once the view is ready, so that a rebuild after a write is not
 * held by it; until then readers get the gzipped one.
 */
export interface CachedView {
  revision: number;
  village: Buffer;
  body: Buffer;
  gzipped: Buffer;
  brotli?: Buffer;
}

type Build = () => Promise<VillageJson>;
interface Deferred {
  promise: Promise<CachedView>;
  resolve(view: Promise<CachedView>): void;
}
/** One village and include: the newest view built, the build running, and the one asked for meanwhile. */
interface Slot {
  ready?: { revision: number; view: Promise<CachedView> };
  running?: { revision: number; view: Promise<CachedView> };
  queued?: { revision: number; build: Build; answer: Deferred };
}

function deferred(): Deferred {
  let resolve!: (view: Promise<CachedView>) => void;
  const promise = new Promise<CachedView>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Serialized village answers, by village and include. Every write bumps the village's revision in its own
 * transaction and each read checks the current revision in the database first, then asks for a view of at
 * least that revision: never one older, whichever instance made the write.
 *
 * Builds are shared. Readers of a revision being built wait for that build; readers of a newer revision who
 * come while an older one is being built all wait for one next build, started when the running one ends
 * with the newest revision and village row asked for. Under steady writes a village is then rebuilt at most
 * once per build time, not once per write: `npm run bench:load` (90 % reads, 10 % writes, 200 connections)
 * measured one build per write otherwise, each queued behind the others on the database, and most of the
 * server's time spent there. A reader who read an older revision than the newest view is answered with the
 * newest: it holds everything that reader's revision held.
 *
 * Only the newest view of each village is kept, at most `maxEntries` villages and includes, the least
 * recently read dropped first. A failed build is not kept: the next reader tries again.
 */
export function createVillageViewCache(maxEntries = 200) {
  const slots = new Map<string, Slot>();

  const buildView = async (revision: number, build: Build): Promise<CachedView> => {
    const built = await build();
    const parts: AnswerPart[] = [Buffer.from(`${DATA_OPEN}${built.head}`)];
    for (const [i, chunk] of (built.helps ?? []).entries()) parts.push(...(i ? [COMMA, chunk] : [chunk]));
    parts.push(Buffer.from(`${built.tail}}`));
    const body = Buffer.concat(parts.map(partBytes));
    // Chunks of helps unchanged since the last build come with their compressed segments: only the rest is compressed.
    const view: CachedView = {
      revision,
      village: body.subarray(DATA_OPEN.length, body.length - 1),
      body,
      gzipped: await gzipParts(parts, body, GZIP_OPTIONS),
    };
    brotli(body, BROTLI_OPTIONS).then(
      (compressed) => (view.brotli = compressed),
      () => undefined, // gzip serves meanwhile, and for good if Brotli fails
    );
    return view;
  };

  const start = (slot: Slot, revision: number, build: Build): Promise<CachedView> => {
    const view = buildView(revision, build);
    const running = { revision, view };
    slot.running = running;
    const settled = (ok: boolean) => {
      if (ok && (!slot.ready || slot.ready.revision < revision)) slot.ready = running;
      if (slot.running === running) slot.running = undefined;
      const next = slot.queued;
      slot.queued = undefined;
      if (next) next.answer.resolve(start(slot, next.revision, next.build));
    };
    view.then(
      () => settled(true),
      () => settled(false),
    );
    return view;
  };

  return {
    getOrBuild(villageId: string, revision: number, include: string, build: Build): Promise<CachedView> {
      const key = `${villageId}:${include}`;
      const slot = slots.get(key) ?? {};
      // Most recently read last: the first key is the one to drop.
      slots.delete(key);
      slots.set(key, slot);
      if (slots.size > maxEntries) slots.delete(slots.keys().next().value as string);

      if (slot.ready && slot.ready.revision >= revision) return slot.ready.view;
      if (slot.running && slot.running.revision >= revision) return slot.running.view;
      if (!slot.running) return start(slot, revision, build);
      // An older revision is being built: one next build for everyone who comes meanwhile, with the newest
      // revision asked for and the village row read with it.
      if (!slot.queued) slot.queued = { revision, build, answer: deferred() };
      else if (slot.queued.revision < revision) Object.assign(slot.queued, { revision, build });
      return slot.queued.answer.promise;
    },
  };
}
export type VillageViewCache = ReturnType<typeof createVillageViewCache>;
