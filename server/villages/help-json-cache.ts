import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { helps, villagers } from '../db/schema';
import type { Serializers } from '../serialize';

const FETCH_CHUNK = 1_000;

/** `id:version:needId`: ids are UUIDs and versions numbers, so neither separator can occur inside one. */
function parseOrderEntry(entry: string) {
  const [id, version, needId] = entry.split(':');
  return { id, version, needId };
}

/**
 * Each help's JSON, kept by id with the version of the row it was made from (PostgreSQL's `xmin`, which
 * every UPDATE of the row changes, on whichever instance). A village's view is rebuilt after each of its
 * writes; reading and serializing thousands of unchanged helps was most of that rebuild (at 2,400 helps on
 * PGlite: 35–45 ms for the rows against 8 ms for their ids and versions). A rebuild now reads the ids and
 * versions in order, and whole rows only for the helps it has not seen in that version.
 */
export function createHelpJsonCache(maxEntries = 200_000) {
  const entries = new Map<string, { version: string; json: string }>();

  return {
    /**
     * The JSON array of a village's helps by start (from `from` on), those of villagers out or banned left
     * out; with `needJson`, each help carries its need's JSON as `village_need`.
     */
    async helpsJson(db: Executor, serialize: Serializers, villageId: string, from: Date | undefined, needJson?: Map<string, string>): Promise<string> {
      // One row holding the whole list: on PGlite, 2,400 rows of three columns took 14–16 ms to come back and be
      // parsed, the same list as one string 4 ms (the rows' own reading about 3 ms of either).
      const [{ list }] = await db
        .select({
          list: sql<string | null>`string_agg(${helps.id}::text || ':' || ${helps}.xmin::text || ':' || ${helps.villageNeedId}::text, ',' ORDER BY ${helps.startDate}, ${helps.id})`,
        })
        .from(helps)
        .innerJoin(villagers, eq(villagers.id, helps.helperId))
        .where(and(eq(helps.villageId, villageId), eq(villagers.isOut, false), eq(villagers.isBan, false), from ? gte(helps.startDate, from) : undefined));
      const order = list ? list.split(',').map(parseOrderEntry) : [];
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
      const parts: string[] = [];
      for (const row of order) {
        const text = json.get(row.id);
        // Deleted between the two reads: the view of the next revision will not have it either.
        if (text === undefined) continue;
        const need = needJson?.get(row.needId);
        parts.push(need ? `${text.slice(0, -1)},"village_need":${need}}` : text);
      }
      return `[${parts.join(',')}]`;
    },
  };
}
export type HelpJsonCache = ReturnType<typeof createHelpJsonCache>;
