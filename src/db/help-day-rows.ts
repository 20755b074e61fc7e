import type { PlanningHelp } from './planning-help';

/*
 * How a day's row of the planning keys is written (help-starts.ts keeps the rows; the planning reads them).
 * Chromium hands a value back in a time that grows with its size (49 rows read at once: 2.3 ms at 100
 * characters each, 5.5 ms at 1,100, 10 ms at 3,300, in the page of tests/bench/planning.ts), so a row holds its
 * keys without what they share:
 * - the row's own key (village and day) comes once, first; each key after it is written without that prefix;
 * - a start or an end on the row's day at a whole minute (as the app writes them) is its four digits "0830"
 *   instead of "T08:30:00.000Z"; any other end on the row's day keeps its time ("T…": a whole date begins
 *   with a digit, never a T); anything else is kept whole, escaped when it could be read as short;
 * - the need and the helper are named by their place in the village's dictionary (base 36), a row of their
 *   ids kept beside the days: a month of UUIDs is less than half as long so.
 */
export const SEP = '\u0001';
const JOIN = '\u0002';
/** The length of a UTC day prefix of start_date ("2026-12-01"). */
export const DAY = 10;

/** The row of a help's key: its village and the UTC day of its start. */
export function dayOfKey(key: string): string {
  const villageEnd = key.indexOf(SEP);
  const startEnd = key.indexOf(SEP, villageEnd + 1);
  return key.slice(0, Math.min(villageEnd + 1 + DAY, startEnd));
}

/** The village of a row's key. */
export const villageOfRow = (rowKey: string) => rowKey.slice(0, rowKey.indexOf(SEP));

/**
 * A village's need and helper ids, each named in its rows by its place here. Only ever grows: a code once
 * given names the same id for as long as the rows do (a village has some tens of needs and members).
 */
export class IdDictionary {
  readonly ids: string[];
  private readonly codes: Map<string, string>;
  /** Whether an id was added since the row was read: it must be written back with the rows. */
  changed = false;

  constructor(row?: string) {
    this.ids = row === undefined ? [] : row.split(SEP);
    this.codes = new Map(this.ids.map((id, i) => [id, i.toString(36)]));
  }

  code(id: string): string {
    let code = this.codes.get(id);
    if (code === undefined) {
      code = this.ids.length.toString(36);
      this.ids.push(id);
      this.codes.set(id, code);
      this.changed = true;
    }
    return code;
  }

  /** Never empty when written: a dictionary is written only once an id is in it. */
  row = () => this.ids.join(SEP);
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
/** Whole text that would read as four digits, or as escaped, is escaped. */
const escape = (text: string) => ((text.length === 4 && isDigit(text[0])) || text[0] === '=' ? '=' + text : text);

/** A start's or an end's time on the row's day ("T08:30:00.000Z"), shortened when it is a whole minute. */
function shortTime(time: string): string {
  const wholeMinute = time.length === 14 && time[0] === 'T' && time[3] === ':' && time.endsWith(':00.000Z');
  if (wholeMinute && isDigit(time[1]) && isDigit(time[2]) && isDigit(time[4]) && isDigit(time[5]))
    return time.slice(1, 3) + time.slice(4, 6);
  return escape(time);
}

/** A time as shortTime wrote it, back to the text after the day. */
function wholeTime(short: string): string {
  if (short[0] === '=') return short.slice(1);
  return short.length === 4 && isDigit(short[0]) ? `T${short.slice(0, 2)}:${short.slice(2)}:00.000Z` : short;
}

/** The whole end of an entry's end field: its date put back when it was left out. */
function wholeEnd(end: string, day: string): string {
  if (end[0] === '=') return end.slice(1);
  if (end.length === 4 && isDigit(end[0])) return day + wholeTime(end);
  return end[0] === 'T' ? day + end : end;
}

/** A row of the days table for its sorted keys, their needs and helpers coded in the village's dictionary. */
export function encodeDay(rowKey: string, sortedKeys: readonly string[], dictionary: IdDictionary): string {
  const day = rowKey.slice(rowKey.indexOf(SEP) + 1);
  const entries = sortedKeys.map((key) => {
    const [, start, end, need, helper, id] = key.split(SEP);
    const shortEnd =
      day.length === DAY && end.length > DAY && end.startsWith(day) && end[DAY] === 'T' ? shortTime(end.slice(DAY)) : escape(end);
    return [shortTime(start.slice(day.length)), shortEnd, dictionary.code(need), dictionary.code(helper), id].join(SEP);
  });
  return [rowKey, ...entries].join(JOIN);
}

/** Each entry of a row read back: its start, end, need, helper and id, whole. */
function readDay(
  row: string,
  ids: readonly string[],
  each: (village: string, start: string, end: string, need: string, helper: string, id: string) => void,
) {
  const entries = row.split(JOIN);
  const rowKey = entries[0];
  const village = villageOfRow(rowKey);
  const day = rowKey.slice(village.length + 1);
  for (let i = 1; i < entries.length; i++) {
    const [start, end, need, helper, id] = entries[i].split(SEP);
    each(village, day + wholeTime(start), end ? wholeEnd(end, day) : '', ids[parseInt(need, 36)], ids[parseInt(helper, 36)], id);
  }
}

/** The keys of a row of the days table, sorted, with the ids of its village's dictionary. */
export function keysOfDay(row: string, ids: readonly string[]): string[] {
  const keys: string[] = [];
  readDay(row, ids, (...fields) => keys.push(fields.join(SEP)));
  return keys;
}

/** The rows of the villages' dictionaries, by village (absent: none yet). */
export type Dictionaries = ReadonlyMap<string, string>;

/** A village's ids, split once per read of several rows. */
function idsOf(village: string, dictionaries: Dictionaries, known: Map<string, readonly string[]>): readonly string[] {
  let ids = known.get(village);
  if (!ids) {
    ids = new IdDictionary(dictionaries.get(village)).ids;
    known.set(village, ids);
  }
  return ids;
}

/** The keys held by rows of the days table, in start order (rows in day order, keys sorted in each). */
export function keysOfDays(rows: readonly string[], dictionaries: Dictionaries): string[] {
  const known = new Map<string, readonly string[]>();
  return rows.flatMap((row) => keysOfDay(row, idsOf(villageOfRow(row), dictionaries, known)));
}

/** What the planning shows of the helps of these rows, in start order: keysOfDays read straight into helps. */
export function helpsOfDays(rows: readonly string[], dictionaries: Dictionaries): PlanningHelp[] {
  const helps: PlanningHelp[] = [];
  const known = new Map<string, readonly string[]>();
  for (const row of rows) {
    const ids = idsOf(villageOfRow(row), dictionaries, known);
    readDay(row, ids, (village_id, start_date, end, village_need_id, helper_id, id) =>
      helps.push({ id, village_id, village_need_id, helper_id, start_date, end_date: end || null }),
    );
  }
  return helps;
}
