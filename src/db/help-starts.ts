import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import type { Help } from '../contract';

/** What the planning shows of a help: when, on which need, by whom. */
export type PlanningHelp = Pick<Help, 'id' | 'village_id' | 'village_need_id' | 'helper_id' | 'start_date' | 'end_date'>;

/** The table of the helps' planning keys: keys only, whose values are never read. */
export const HELP_STARTS = 'helpStarts';
const HELPS = 'helps';

/*
 * Why a table of keys. Chromium's IndexedDB spends some 8 µs on each value it hands back, whatever its size,
 * and a few hundred ns on a key: a month of a 20,000-help village (2,700 helps) read as objects took 34 ms, the
 * same rows' keys 10 ms (tests/bench/planning.ts). So each help also has one key holding everything the
 * planning shows, in start order: village, start, end, need, helper, id. SEP sorts below every character of
 * an id or a date, so a village's keys are a contiguous range and a day prefix bounds a range of starts.
 */
const SEP = '\u0001';

export const helpStartKey = (help: PlanningHelp) =>
  [help.village_id, help.start_date, help.end_date ?? '', help.village_need_id, help.helper_id, help.id].join(SEP);

export function parseHelpStartKey(key: string): PlanningHelp {
  const [village_id, start_date, end, village_need_id, helper_id, id] = key.split(SEP);
  return { id, village_id, village_need_id, helper_id, start_date, end_date: end || null };
}

/** The keys of a village's helps starting on days [from, to) (UTC day prefixes of start_date, as the index on helps). */
export const helpStartsRange = (villageId: string, from: string, to: string) => [villageId + SEP + from, villageId + SEP + to] as const;

/**
 * Keeps the keys table true to the helps table, whatever writes the helps (a pull, a mutation kind applied or
 * rebased, the service worker's replay, a sign-out): every read-write transaction on the helps also holds the
 * keys, and every write to a help puts its key and removes the key of what it replaced. The helps' old values
 * are read for that, inside the same transaction.
 */
export function mirrorHelpStarts(): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'help-starts',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const withKeys = mode === 'readwrite' && stores.includes(HELPS) && !stores.includes(HELP_STARTS);
        return down.transaction(withKeys ? [...stores, HELP_STARTS] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (name !== HELPS) return table;
        return { ...table, mutate: (req) => mutateMirrored(table, down.table(HELP_STARTS), req) };
      },
    }),
  };
}

async function mutateMirrored(helps: DBCoreTable, starts: DBCoreTable, req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
  const before = await valuesBefore(helps, req);
  const response = await mutateChanged(helps, req, before);
  // A write that failed (bulk writes go on past one) left its help, and so its key, as they were.
  const done = <T>(_: T, i: number) => req.type === 'deleteRange' || !response.failures[i];
  const after = req.type === 'add' || req.type === 'put' ? (req.values as PlanningHelp[]).filter(done) : [];
  const kept = new Set(after.map(helpStartKey));
  const removed = before.filter(done).flatMap((help) => (help ? [helpStartKey(help)] : [])).filter((key) => !kept.has(key));
  const added = after.filter((help, i) => !before[i] || helpStartKey(before[i]) !== helpStartKey(help)).map(helpStartKey);
  if (removed.length) await starts.mutate({ type: 'delete', trans: req.trans, keys: removed });
  if (added.length) await starts.mutate({ type: 'put', trans: req.trans, keys: added, values: added.map(() => 1) });
  return response;
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
