import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import type { Help } from '../contract';

/** What the planning shows of a help: when, on which need, by whom. */
export type PlanningHelp = Pick<Help, 'id' | 'village_id' | 'village_need_id' | 'helper_id' | 'start_date' | 'end_date'>;

/** The table of the helps' planning keys, one row per village and UTC start day (see below). */
export const HELP_DAYS = 'helpDays';
const HELPS = 'helps';

/*
 * Why a table of keys, and why by day. Chromium's IndexedDB spends some 8 µs on each value it hands back,
 * whatever its size, and a few µs on each key: a month of a 20,000-help village (2,700 helps) read as objects
 * took 34 ms, the same rows' keys 10 ms on a quiet machine and 35 ms on a loaded one (tests/bench/planning.ts).
 * So each help has one key holding everything the planning shows, in start order: village, start, end, need,
 * helper, id; and the keys of one village's day are kept together in one row, a string joined by JOIN, so a
 * month is read as some 50 rows rather than 2,700. SEP sorts below every character of an id or a date, so a
 * village's rows are a contiguous range and a day bounds a range of starts.
 */
const SEP = '\u0001';
const JOIN = '\u0002';
/** The length of a UTC day prefix of start_date ("2026-12-01"). */
const DAY = 10;

export const helpStartKey = (help: PlanningHelp) =>
  [help.village_id, help.start_date, help.end_date ?? '', help.village_need_id, help.helper_id, help.id].join(SEP);

export function parseHelpStartKey(key: string): PlanningHelp {
  const [village_id, start_date, end, village_need_id, helper_id, id] = key.split(SEP);
  return { id, village_id, village_need_id, helper_id, start_date, end_date: end || null };
}

/** The row of a help's key: its village and the UTC day of its start. */
const dayOfKey = (key: string) => key.slice(0, key.indexOf(SEP) + 1 + DAY);

/** The rows of a village's helps starting on days [from, to) (UTC day prefixes of start_date, as the index on helps). */
export const helpDaysRange = (villageId: string, from: string, to: string) => [villageId + SEP + from, villageId + SEP + to] as const;

/*
 * A row holds its keys without what they share. The row's own key (village and day) comes once, first; each
 * key after it is written without that prefix. Chromium hands a value back in a time that grows with its size
 * (49 rows read at once: 2.3 ms at 100 characters each, 5.5 ms at 1,100, 10 ms at 3,300, in the page of
 * tests/bench/planning.ts), so the times are kept short too: a start or an end on the row's day at a whole
 * minute (as the app writes them) is its four digits "0830" instead of "T08:30:00.000Z"; any other end on the
 * row's day keeps its time ("T…", a whole date begins with a digit, never a T); anything else is kept whole.
 * An entry of the bench's village is about a third shorter so, one of UUIDs about a seventh.
 */
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** A start's or an end's time on the row's day ("T08:30:00.000Z"), shortened when it is a whole minute. */
function shortTime(time: string): string {
  const wholeMinute = time.length === 14 && time[0] === 'T' && time[3] === ':' && time.endsWith(':00.000Z');
  if (wholeMinute && isDigit(time[1]) && isDigit(time[2]) && isDigit(time[4]) && isDigit(time[5])) return time.slice(1, 3) + time.slice(4, 6);
  // What could be read as four digits, or as escaped, is escaped.
  return (time.length === 4 && isDigit(time[0])) || time[0] === '=' ? '=' + time : time;
}

/** A time as shortTime wrote it, back to the text after the day. */
function wholeTime(short: string): string {
  if (short[0] === '=') return short.slice(1);
  return short.length === 4 && isDigit(short[0]) ? `T${short.slice(0, 2)}:${short.slice(2)}:00.000Z` : short;
}

function encodeDay(rowKey: string, sortedKeys: readonly string[]): string {
  const day = rowKey.slice(-DAY);
  const entries = sortedKeys.map((key) => {
    const rest = key.slice(rowKey.length);
    const startTo = rest.indexOf(SEP);
    const endTo = rest.indexOf(SEP, startTo + 1);
    const end = rest.slice(startTo + 1, endTo);
    const shortEnd = end.length > DAY && end.startsWith(day) && end[DAY] === 'T' ? shortTime(end.slice(DAY)) : escapeWhole(end);
    return shortTime(rest.slice(0, startTo)) + SEP + shortEnd + rest.slice(endTo);
  });
  return [rowKey, ...entries].join(JOIN);
}

/** A whole end (another day, a date alone) that would read as a short time or an escaped one is escaped. */
const escapeWhole = (end: string) => ((end.length === 4 && isDigit(end[0])) || end[0] === '=' ? '=' + end : end);

/** The whole end of an entry's end field: its date put back when it was left out (encodeDay). */
function wholeEnd(end: string, day: string): string {
  if (end[0] === '=') return end.slice(1);
  if (end.length === 4 && isDigit(end[0])) return day + wholeTime(end);
  return end[0] === 'T' ? day + end : end;
}

/** The keys of a row of the days table, sorted. */
function keysOfDay(row: string): string[] {
  const [rowKey, ...entries] = row.split(JOIN);
  const day = rowKey.slice(-DAY);
  return entries.map((entry) => {
    const startTo = entry.indexOf(SEP);
    const endTo = entry.indexOf(SEP, startTo + 1);
    return rowKey + wholeTime(entry.slice(0, startTo)) + SEP + wholeEnd(entry.slice(startTo + 1, endTo), day) + entry.slice(endTo);
  });
}

/** The keys held by rows of the days table, in start order (rows in day order, keys sorted in each). */
export const keysOfDays = (rows: readonly string[]) => rows.flatMap(keysOfDay);

/** What the planning shows of the helps of these rows, in start order: keysOfDays read straight into helps. */
export function helpsOfDays(rows: readonly string[]): PlanningHelp[] {
  const helps: PlanningHelp[] = [];
  for (const row of rows) {
    const entries = row.split(JOIN);
    const rowKey = entries[0];
    const village_id = rowKey.slice(0, rowKey.length - DAY - 1);
    const day = rowKey.slice(-DAY);
    for (let i = 1; i < entries.length; i++) {
      const [start, end, village_need_id, helper_id, id] = entries[i].split(SEP);
      helps.push({ id, village_id, village_need_id, helper_id, start_date: day + wholeTime(start), end_date: end ? wholeEnd(end, day) : null });
    }
  }
  return helps;
}

/** The rows of the days table for these keys, as the middleware writes them: for an upgrade that builds the table. */
export function daysOfKeys(keys: readonly string[]): Map<string, string> {
  const days = new Map<string, string[]>();
  for (const key of keys) {
    const day = dayOfKey(key);
    const list = days.get(day);
    if (list) list.push(key);
    else days.set(day, [key]);
  }
  return new Map([...days].map(([day, list]) => [day, encodeDay(day, list.sort())]));
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
        const withDays = mode === 'readwrite' && stores.includes(HELPS) && !stores.includes(HELP_DAYS);
        return down.transaction(withDays ? [...stores, HELP_DAYS] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (name !== HELPS) return table;
        return { ...table, mutate: (req) => mutateMirrored(table, down.table(HELP_DAYS), req) };
      },
    }),
  };
}

async function mutateMirrored(helps: DBCoreTable, days: DBCoreTable, req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
  const before = await valuesBefore(helps, req);
  const response = await mutateChanged(helps, req, before);
  // A write that failed (bulk writes go on past one) left its help, and so its key, as they were.
  const done = <T>(_: T, i: number) => req.type === 'deleteRange' || !response.failures[i];
  const after = req.type === 'add' || req.type === 'put' ? (req.values as PlanningHelp[]).filter(done) : [];
  const kept = new Set(after.map(helpStartKey));
  const removed = before.filter(done).flatMap((help) => (help ? [helpStartKey(help)] : [])).filter((key) => !kept.has(key));
  const added = after.filter((help, i) => !before[i] || helpStartKey(before[i]) !== helpStartKey(help)).map(helpStartKey);
  if (removed.length || added.length) await inTurn(req.trans, () => updateDays(days, req.trans, removed, added));
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
  lastUpdate.set(trans, turn.catch(() => undefined));
  return turn;
}

/** Removes and adds keys in their days' rows: one read of the rows touched, one put, one delete of the emptied. */
async function updateDays(days: DBCoreTable, trans: DBCoreTransaction, removed: readonly string[], added: readonly string[]) {
  const touched = [...new Set([...removed, ...added].map(dayOfKey))];
  const rows = await days.getMany({ trans, keys: touched });
  const keysOf = new Map(touched.map((day, i) => [day, new Set<string>(rows[i] ? keysOfDay(rows[i] as string) : [])]));
  for (const key of removed) keysOf.get(dayOfKey(key))!.delete(key);
  for (const key of added) keysOf.get(dayOfKey(key))!.add(key);
  const kept = touched.filter((day) => keysOf.get(day)!.size);
  const emptied = touched.filter((day) => !keysOf.get(day)!.size);
  if (kept.length) await days.mutate({ type: 'put', trans, keys: kept, values: kept.map((day) => encodeDay(day, [...keysOf.get(day)!].sort())) });
  if (emptied.length) await days.mutate({ type: 'delete', trans, keys: emptied });
}

/**
 * Puts only the helps that differ from what is stored: a pull puts back a whole window of helps, most of them
 * unchanged, and their old values are read anyway. The answer is the one of a put of them all.
 */
async function mutateChanged(helps: DBCoreTable, req: DBCoreMutateRequest, before: readonly (PlanningHelp | undefined)[]): Promise<DBCoreMutateResponse> {
  // An upsert or a bulk update carries its changes apart from the values: passed on whole.
  if (req.type !== 'put' || req.updates) return helps.mutate(req);
  const changed = req.values.flatMap((value, i) => (before[i] && JSON.stringify(before[i]) === JSON.stringify(value) ? [] : [i]));
  if (changed.length === req.values.length) return helps.mutate(req);
  const keys = req.values.map((value: PlanningHelp) => value.id);
  if (!changed.length) return { numFailures: 0, failures: {}, results: keys, lastResult: keys[keys.length - 1] };
  const response = await helps.mutate({ ...req, values: changed.map((i) => req.values[i]), keys: req.keys && changed.map((i) => req.keys![i]) });
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
