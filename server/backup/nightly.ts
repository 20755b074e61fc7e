import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import type { Clock } from '../deps';
import type { Database } from '../db/client';
import { writeBackup, type BackupSummary } from './dump';

/** From this hour on (Paris time), the night's backup is due: the quiet hours, before the morning's reminders. */
export const NIGHT_HOUR = 3;
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
const ZONE = 'Europe/Paris';
const CHECK_EVERY_MS = 10 * 60_000;

const NIGHTLY = /^village-nuit-(\d{4}-\d{2}-\d{2})\.backup\.gz$/;
export const nightlyName = (day: string) => `village-nuit-${day}.backup.gz`;

/**
 * The nights whose backup goes: all but the 7 newest and the newest of each of the 4 newest ISO weeks (counted
 * apart, as restic's --keep-daily/--keep-weekly do): a week of nights and about a month of Sundays' worth.
 * Backups made by hand (`npm run backup`) are not nights: the operator removes them.
 */
export function nightsToDrop(days: string[]): string[] {
  const newestFirst = [...days].sort().reverse();
  const kept = new Set(newestFirst.slice(0, KEEP_DAILY));
  const weeks = new Set<string>();
  for (const day of newestFirst) {
    const date = DateTime.fromISO(day, { zone: ZONE });
    const week = `${date.weekYear}-${date.weekNumber}`;
    if (weeks.has(week)) continue;
    if (weeks.size === KEEP_WEEKLY) break;
    weeks.add(week);
    kept.add(day);
  }
  return newestFirst.filter((day) => !kept.has(day));
}

/**
 * Once a night: from NIGHT_HOUR on, the day's backup is written unless it is there already (a server started
 * in the afternoon writes the day's at once), then the nights past their keeping are removed.
 */
export async function runNightlyBackup(deps: { database: Database; dir: string }, now: Date): Promise<BackupSummary | undefined> {
  const paris = DateTime.fromJSDate(now, { zone: ZONE });
  if (paris.hour < NIGHT_HOUR) return undefined;
  const day = paris.toISODate()!;
  const names = await readdir(deps.dir).catch(() => [] as string[]);
  const days = names.flatMap((name) => NIGHTLY.exec(name)?.[1] ?? []);
  if (days.includes(day)) return undefined;
  const summary = await writeBackup(deps.database, join(deps.dir, nightlyName(day)), now);
  for (const old of nightsToDrop([...days, day])) await rm(join(deps.dir, nightlyName(old)), { force: true });
  return summary;
}

/**
 * The embedded database's nightly backups on this instance, checked every 10 minutes until `signal` aborts; not at
 * start, so that a start stays as fast as `npm run bench:start` measures it and a test's short-lived server writes none.
 */
export function startNightlyBackups(input: {
  database: Database;
  dir: string;
  clock: Clock;
  logger: Logger;
  signal: AbortSignal;
  everyMs?: number;
}) {
  let running: Promise<unknown> | undefined;
  const check = () => {
    if (running || input.signal.aborted) return;
    running = runNightlyBackup(input, input.clock.now())
      .then((summary) => summary && input.logger.info(summary, 'nightly backup written'))
      .catch((error) => input.logger.error({ err: error }, 'nightly backup failed'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(check, input.everyMs ?? CHECK_EVERY_MS);
  timer.unref();
  input.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  return { settled: () => running ?? Promise.resolve() };
}
