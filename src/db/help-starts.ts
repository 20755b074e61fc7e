import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { dayOfKey, encodeDay, IdDictionary, keysOfDay, SEP, villageOfRow } from './help-day-rows';
import type { PlanningHelp } from './planning-help';

/** The table of the helps' planning keys, one row per village and UTC start day (see below). */
export const HELP_DAYS = 'helpDays';
/** The table of each village's dictionary of the need and helper ids its rows name (help-day-rows.ts). */
export const HELP_IDS = 'helpIds';
const HELPS = 'helps';

/*
 * Why a table of keys, and why by day. Chromium's IndexedDB spends some 8 µs on each value it hands back,
 * whatever its size, and a few µs on each key: a month of a 20,000-help village (2,700 helps) read as objects
 * took 34 ms, the same rows' keys 10 ms on a quiet machine and 35 ms on a loaded one (tests/bench/planning.ts).
 * So each help has one key holding everything the planning shows, in start order: village, start, end, need,
 * helper, id; and the keys of one village's day are kept together in one row (help-day-rows.ts writes it), so a
 * month is read as some 50 rows rather than 2,700. SEP sorts below every character of an id or a date, so a
 * village's rows are a contiguous range and a day bounds a range of starts.
 */
export const helpStartKey = (help: PlanningHelp) =>
  [help.village_id, help.start_date, help.end_date ?? '', help.village_need_id, help.helper_id, help.id].join(SEP);

export function parseHelpStartKey(key: string): PlanningHelp {
  const [village_id, start_date, end, village_need_id, helper_id, id] = key.split(SEP);
  return { id, village_id, village_need_id, helper_id, start_date, end_date: end || null };
}

/** The rows of a village's helps starting on days [from, to) (UTC day prefixes of start_date, as the index on helps). */
export const helpDaysRange = (villageId: string, from: string, to: string) => [villageId + SEP + from, villageId + SEP + to] as const;

/** The rows of the days table for these keys and the dictionaries they name, as the middleware writes them: for an upgrade that builds the tables. */
export function daysOfKeys(keys: readonly string[]): { days: Map<string, string>; dictionaries: Map<string, string> } {
  const byDay = new Map<string, string[]>();
  for (const key of keys) {
    const day = dayOfKey(key);
    const list = byDay.get(day);
    if (list) list.push(key);
    else byDay.set(day, [key]);
  }
  const dictionaries = new Map<string, IdDictionary>();
  const dictionaryOf = (village: string) => dictionaries.get(village) ?? dictionaries.set(village, new IdDictionary()).get(village)!;
  const days = new Map([...byDay].map(([day, list]) => [day, encodeDay(day, list.sort(), dictionaryOf(villageOfRow(day)))]));
  return { days, dictionaries: new Map([...dictionaries].map(([village, dictionary]) => [village, dictionary.row()])) };
}

/**
 * Keeps the days table true to the helps table, whatever writes the helps (a pull, a mutation kind applied or
 * rebased, the service worker's replay, a sign-out): every read-write transaction on the helps also holds the
 * days, and every write to a help adds its key to its day's row and removes the key of what it replaced. The
 * helps' old values are read for that, inside the same transaction.
 */
export function mirrorHelpStarts(): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'help-starts',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const withDays = mode === 'readwrite' && stores.includes(HELPS);
        return down.transaction(withDays ? [...new Set([...stores, HELP_DAYS, HELP_IDS])] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (name !== HELPS) return table;
        return { ...table, mutate: (req) => mutateMirrored(table, down.table(HELP_DAYS), down.table(HELP_IDS), req) };
      },
    }),
  };
}

async function mutateMirrored(
  helps: DBCoreTable,
  days: DBCoreTable,
  ids: DBCoreTable,
  req: DBCoreMutateRequest,
): Promise<DBCoreMutateResponse> {
  const before = await valuesBefore(helps, req);
  const response = await mutateChanged(helps, req, before);
  // A write that failed (bulk writes go on past one) left its help, and so its key, as they were.
  const done = <T>(_: T, i: number) => req.type === 'deleteRange' || !response.failures[i];
  const after = req.type === 'add' || req.type === 'put' ? (req.values as PlanningHelp[]).filter(done) : [];
  const kept = new Set(after.map(helpStartKey));
  const removed = before
    .filter(done)
    .flatMap((help) => (help ? [helpStartKey(help)] : []))
    .filter((key) => !kept.has(key));
  const added = after.filter((help, i) => !before[i] || helpStartKey(before[i]) !== helpStartKey(help)).map(helpStartKey);
  if (removed.length || added.length) await inTurn(req.trans, () => updateDays(days, ids, req.trans, removed, added));
  return response;
}

/*
 * Two writes of one transaction may change the same day's row (a rebase applies several kinds at once): each
 * reads the row, then puts it back changed. Their updates run one after the other, each reading what the one
 * before wrote, or the first one's change would be lost.
 */
const lastUpdate = new WeakMap<DBCoreTransaction, Promise<unknown>>();

function inTurn(trans: DBCoreTransaction, update: () => Promise<void>): Promise<void> {
  const turn = (lastUpdate.get(trans) ?? Promise.resolve()).then(update);
  lastUpdate.set(
    trans,
    turn.catch(() => undefined),
  );
  return turn;
}

/**
 * Removes and adds keys in their days' rows: one read of the rows touched and of their villages' dictionaries,
 * one put of the rows, one delete of the emptied, one put of the dictionaries that grew.
 */
async function updateDays(
  days: DBCoreTable,
  ids: DBCoreTable,
  trans: DBCoreTransaction,
  removed: readonly string[],
  added: readonly string[],
) {
  const touched = [...new Set([...removed, ...added].map(dayOfKey))];
  const villages = [...new Set(touched.map(villageOfRow))];
  const [rows, dictionaryRows] = await Promise.all([days.getMany({ trans, keys: touched }), ids.getMany({ trans, keys: villages })]);
  const dictionaries = new Map(villages.map((village, i) => [village, new IdDictionary(dictionaryRows[i] as string | undefined)]));
  const dictionaryOf = (day: string) => dictionaries.get(villageOfRow(day))!;
  const keysOf = new Map(
    touched.map((day, i) => [day, new Set<string>(rows[i] ? keysOfDay(rows[i] as string, dictionaryOf(day).ids) : [])]),
  );
  for (const key of removed) keysOf.get(dayOfKey(key))!.delete(key);
  for (const key of added) keysOf.get(dayOfKey(key))!.add(key);
  const kept = touched.filter((day) => keysOf.get(day)!.size);
  const emptied = touched.filter((day) => !keysOf.get(day)!.size);
  if (kept.length)
    await days.mutate({
      type: 'put',
      trans,
      keys: kept,
      values: kept.map((day) => encodeDay(day, [...keysOf.get(day)!].sort(), dictionaryOf(day))),
    });
  if (emptied.length) await days.mutate({ type: 'delete', trans, keys: emptied });
  const grown = villages.filter((village) => dictionaries.get(village)!.changed);
  if (grown.length) await ids.mutate({ type: 'put', trans, keys: grown, values: grown.map((village) => dictionaries.get(village)!.row()) });
}

/**
 * Puts only the helps that differ from what is stored: a pull puts back a whole window of helps, most of them
 * unchanged, and their old values are read anyway. The answer is the one of a put of them all.
 */
async function mutateChanged(
  helps: DBCoreTable,
  req: DBCoreMutateRequest,
  before: readonly (PlanningHelp | undefined)[],
): Promise<DBCoreMutateResponse> {
  // An upsert or a bulk update carries its changes apart from the values: passed on whole.
  if (req.type !== 'put' || req.updates) return helps.mutate(req);
  const changed = req.values.flatMap((value, i) => (before[i] && JSON.stringify(before[i]) === JSON.stringify(value) ? [] : [i]));
  if (changed.length === req.values.length) return helps.mutate(req);
  const keys = req.values.map((value: PlanningHelp) => value.id);
  if (!changed.length) return { numFailures: 0, failures: {}, results: keys, lastResult: keys[keys.length - 1] };
  const response = await helps.mutate({
    ...req,
    values: changed.map((i) => req.values[i]),
    keys: req.keys && changed.map((i) => req.keys![i]),
  });
  const failures = Object.fromEntries(Object.entries(response.failures).map(([at, error]) => [changed[Number(at)], error]));
  return { ...response, failures, results: keys, lastResult: keys[keys.length - 1] };
}

/** The helps a write replaces or deletes, as they were: for a write of several, at the same places. */
async function valuesBefore(helps: DBCoreTable, req: DBCoreMutateRequest): Promise<(PlanningHelp | undefined)[]> {
  const trans: DBCoreTransaction = req.trans;
  switch (req.type) {
    case 'add':
    case 'put':
      return helps.getMany({ trans, keys: (req.values as PlanningHelp[]).map((help) => help.id) });
    case 'delete':
      return helps.getMany({ trans, keys: req.keys });
    case 'deleteRange':
      return (await helps.query({ trans, values: true, query: { index: helps.schema.primaryKey, range: req.range } })).result;
  }
}
