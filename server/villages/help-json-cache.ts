import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { helps, villagers } from '../db/schema';
import type { Serializers } from '../serialize';
import type { KeptPart } from './gzip-parts';

const FETCH_CHUNK = 1_000;
/** Never an md5 in hex: asks for the list whatever its digest. */
const NO_DIGEST = '-';

/** `id:version:needId`: ids are UUIDs and versions numbers, so neither separator can occur inside one. */
function parseOrderEntry(entry: string) {
  const [id, version, needId] = entry.split(':');
  return { id, version, needId };
}
type OrderEntry = ReturnType<typeof parseOrderEntry>;

/** One help in 128 on average ends a chunk: its id's last byte (random in a UUID v7) says which. */
const CHUNK_MASK = 127;
const endsChunk = (entry: string) => (parseInt(entry.slice(34, 36), 16) & CHUNK_MASK) === 0;

/**
 * The list's entries in chunks whose ends depend on the helps themselves, not on their positions (as rsync
 * cuts a file): a help added, changed or removed changes its own chunk, and the others stay as they were,
 * kept with their JSON and compressed segment.
 */
function chunkedOrder(entries: string[]): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  for (const entry of entries) {
    group.push(entry);
    if (endsChunk(entry)) {
      groups.push(group);
      group = [];
    }
  }
  if (group.length) groups.push(group);
  return groups;
}

/**
 * Each help's JSON, kept by id with the version of the row it was made from (PostgreSQL's `xmin`, which
 * every UPDATE of the row changes, on whichever instance). A village's view is rebuilt after each of its
 * writes; reading and serializing thousands of unchanged helps was most of that rebuild (at 2,400 helps on
 * PGlite: 35–45 ms for the rows against 8 ms for their ids and versions). A rebuild now reads the ids and
 * versions in order, and whole rows only for the helps it has not seen in that version.
 */
export function createHelpJsonCache(maxEntries = 200_000, maxLists = 200, maxChunks = 2_000) {
  const entries = new Map<string, { version: string; json: string }>();
  /**
   * By village, window and nesting: the digest of the last list read, its needs' JSON and the chunks built
   * from them. A write that leaves the helps as they were (a need renamed, a villager's role, the village's
   * name) changes the village's revision but not this digest: the rebuild reuses the chunks whole, their
   * bytes and compressed segments (gzip-parts.ts).
   */
  const lists = new Map<string, { digest: string; needs: string; chunks: KeptPart[] }>();
  /** Chunks by what they hold (their helps' ids, versions and needs): a help written changes only its own. */
  const chunks = new Map<string, KeptPart>();

  /** The helps' JSON of `order`, from the kept entries, the rows not kept (or changed) read and serialized. */
  const jsonOf = async (db: Executor, serialize: Serializers, order: OrderEntry[]) => {
    // What this build uses is taken at once: another build may empty the shared map while this one waits.
    const json = new Map<string, string>();
    const missing: string[] = [];
    for (const row of order) {
      const known = entries.get(row.id);
      if (known?.version === row.version) json.set(row.id, known.json);
      else missing.push(row.id);
    }
    if (entries.size + missing.length > maxEntries) entries.clear();
    for (let i = 0; i < missing.length; i += FETCH_CHUNK) {
      const rows = await db
        .select({ help: helps, version: sql<string>`${helps}.xmin::text` })
        .from(helps)
        .where(inArray(helps.id, missing.slice(i, i + FETCH_CHUNK)));
      for (const { help, version } of rows) {
        const text = JSON.stringify(serialize.help(help));
        json.set(help.id, text);
        // Kept under the version read with the row itself: an update between the two reads is seen next time.
        entries.set(help.id, { version, json: text });
      }
    }
    return json;
  };

  return {
    /**
     * The JSON of a village's helps by start (from `from` on), those of villagers out or banned left out,
     * in chunks of helps parted by commas, none empty (the caller writes the brackets and the commas between
     * chunks); with `needJson`, each help
     * carries its need's JSON as `village_need`; the helps of `hiddenNeeds` are left out. The same chunks as the last call's when nothing they hold
     * has changed.
     */
    async helpsChunks(
      db: Executor,
      serialize: Serializers,
      villageId: string,
      from: Date | undefined,
      needJson?: Map<string, string>,
      hiddenNeeds: ReadonlySet<string> = new Set(),
    ): Promise<KeptPart[]> {
      const hidden = [...hiddenNeeds].sort().join(',');
      const listKey = `${villageId}|${from?.toISOString() ?? ''}|${needJson ? 'nested' : ''}|${hidden}`;
      const needs = needJson
        ? createHash('md5')
            .update([...needJson].join('\n'))
            .digest('hex')
        : '';
      const last = lists.get(listKey);
      const known = last && last.needs === needs ? last.digest : NO_DIGEST;
      // One row holding the whole list: on PGlite, 2,400 rows of three columns took 14–16 ms to come back and be
      // parsed, the same list as one string 4 ms (the rows' own reading about 3 ms of either). The list itself
      // comes back only when its digest is not the one already built.
      const listed = db.$with('listed').as(
        db
          .select({
            list: sql<
              string | null
            >`string_agg(${helps.id}::text || ':' || ${helps}.xmin::text || ':' || ${helps.villageNeedId}::text, ',' ORDER BY ${helps.startDate}, ${helps.id})`.as(
              'list',
            ),
          })
          .from(helps)
          .innerJoin(villagers, eq(villagers.id, helps.helperId))
          .where(
            and(
              eq(helps.villageId, villageId),
              eq(villagers.isOut, false),
              eq(villagers.isBan, false),
              from ? gte(helps.startDate, from) : undefined,
            ),
          ),
      );
      const [{ digest, list }] = await db
        .with(listed)
        .select({
          digest: sql<string>`coalesce(md5(${listed.list}), '')`,
          list: sql<string | null>`CASE WHEN coalesce(md5(${listed.list}), '') = ${known} THEN NULL ELSE ${listed.list} END`,
        })
        .from(listed);
      if (last && digest === known) {
        lists.delete(listKey);
        lists.set(listKey, last);
        return last.chunks;
      }
      // Left out before chunking: the chunks without a help of a hidden need are the ones every audience shares.
      const all = list ? list.split(',') : [];
      const shown = hiddenNeeds.size ? all.filter((entry) => !hiddenNeeds.has(parseOrderEntry(entry).needId)) : all;
      const groups = chunkedOrder(shown).map((group) => ({ group, key: `${group.join(',')}|${needs}` }));
      const toBuild = groups.filter(({ key }) => !chunks.has(key));
      const json = await jsonOf(
        db,
        serialize,
        toBuild.flatMap(({ group }) => group.map(parseOrderEntry)),
      );
      const built = groups.flatMap(({ group, key }) => {
        const kept = chunks.get(key);
        if (kept) return [kept];
        const parts: string[] = [];
        for (const row of group.map(parseOrderEntry)) {
          const text = json.get(row.id);
          // Deleted between the two reads: the view of the next revision will not have it either.
          if (text === undefined) continue;
          const need = needJson?.get(row.needId);
          parts.push(need ? `${text.slice(0, -1)},"village_need":${need}}` : text);
        }
        // Every help of the chunk deleted between the two reads: nothing to lay out, and nothing to keep.
        if (parts.length === 0) return [];
        const chunk: KeptPart = { bytes: Buffer.from(parts.join(',')) };
        if (chunks.size >= maxChunks) chunks.clear();
        chunks.set(key, chunk);
        return [chunk];
      });
      // Most recently built last: the first key is the one to drop.
      lists.delete(listKey);
      lists.set(listKey, { digest, needs, chunks: built });
      if (lists.size > maxLists) lists.delete(lists.keys().next().value as string);
      return built;
    },
  };
}
export type HelpJsonCache = ReturnType<typeof createHelpJsonCache>;
