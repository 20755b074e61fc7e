import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { testClock } from '../test/world';
import { nightlyName, nightsToDrop, runNightlyBackup, startNightlyBackups } from './nightly';

const database = await createTestDatabase();
const dirs: string[] = [];
afterAll(async () => {
  await database.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const newDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'village-nights-'));
  dirs.push(dir);
  return dir;
};

/** `count` days ending on `last`, as YYYY-MM-DD. */
const daysUpTo = (last: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${last}T12:00:00Z`) - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );

// 40 nights from Thursday 1 October to Monday 9 November 2026: a week of nights, and the last night of the 4 newest
// ISO weeks (46: the 9th, 45: the 8th, 44: 1 November, 43: 25 October).
const KEPT = ['2026-10-25', '2026-11-01', ...daysUpTo('2026-11-09', 7)];

describe('the nightly backups of the embedded database', () => {
  it('keep the 7 newest nights and the newest of each of the 4 newest weeks', () => {
    const days = daysUpTo('2026-11-09', 40);
    expect(days[0]).toBe('2026-10-01');
    expect(days.filter((day) => !nightsToDrop(days).includes(day))).toEqual(KEPT);
    expect(nightsToDrop(daysUpTo('2026-11-09', 5))).toEqual([]);
  });

  it('write one backup a night from 3 a.m. Paris time, and remove the nights past their keeping, not the backups made by hand', async () => {
    const dir = await newDir();
    const byHand = 'village-manuelle-2026-09-30T10-00-00Z.backup.gz';
    await writeFile(join(dir, byHand), 'gardée');
    // 00:30 UTC is 02:30 in Paris (summer time until 25 October): not yet the night's hour.
    expect(await runNightlyBackup({ database, dir }, new Date('2026-10-01T00:30:00Z'))).toBeUndefined();
    expect(await readdir(dir)).toEqual([byHand]);
    const first = await runNightlyBackup({ database, dir }, new Date('2026-10-01T01:10:00Z'));
    expect(first?.file).toBe(join(dir, nightlyName('2026-10-01')));
    expect(first!.rows).toBeGreaterThan(0);
    // The same night, later: already written.
    expect(await runNightlyBackup({ database, dir }, new Date('2026-10-01T20:00:00Z'))).toBeUndefined();
    for (const day of daysUpTo('2026-11-09', 39)) await runNightlyBackup({ database, dir }, new Date(`${day}T02:30:00Z`));
    expect((await readdir(dir)).sort()).toEqual([...KEPT.map(nightlyName), byHand].sort());
  });

  it('run as a job on the clock it is given, until stopped', async () => {
    const dir = await newDir();
    const clock = testClock(new Date('2026-11-20T01:00:00Z'));
    const stop = new AbortController();
    const job = startNightlyBackups({ database, dir, clock, logger: pino({ level: 'silent' }), signal: stop.signal, everyMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await job.settled();
    expect(await readdir(dir)).toEqual([]);
    clock.set(new Date('2026-11-20T03:00:00Z'));
    await expect.poll(() => readdir(dir)).toEqual([nightlyName('2026-11-20')]);
    stop.abort();
    await job.settled();
    clock.set(new Date('2026-11-21T03:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await readdir(dir)).toEqual([nightlyName('2026-11-20')]);
  });
});
