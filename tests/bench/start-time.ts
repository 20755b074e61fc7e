/**
 * `npm run bench:start`: how long `npm start` takes to answer. The command of package.json's `start` script
 * is spawned as npm runs it (a shell, node_modules/.bin on the PATH; npm's own start-up is not counted), and
 * the time is taken from the spawn to the first `200` of `GET /v1/health`. A data directory is made by the
 * first start (shown apart: it creates the database), then the server is started BENCH_RUNS times (default 7)
 * on it, as every later `npm start` is; median and max against the 1 s target. Each start is stopped with
 * SIGTERM and the exit of its whole process group awaited before the next, so two never share the machine.
 * The resident memory of the fresh start and of the last one is read 3 s after each answered (`ps`, the group).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from '../support/free-port';
import { percentile } from './bench-server';

const root = join(import.meta.dirname, '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 1000;
/** Issue 44: the server's resident memory, idle after a start, fresh data directory or not. */
const RSS_TARGET_MIB = 300;
const IDLE_BEFORE_RSS_MS = 3000;

/** The resident memory of the start's whole process group (the shell and the server), in MiB. */
function groupRssMib(pgid: number) {
  const lines = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return lines.reduce((sum, kib) => sum + Number(kib.trim() || 0), 0) / 1024;
}

async function timeOneStart(command: string, dataDir: string, rss?: (mib: number) => void): Promise<number> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command, {
    shell: true,
    cwd: root,
    // As npm runs a script: its binaries first on the PATH.
    env: {
      ...process.env,
      PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  try {
    for (;;) {
      if (ended) throw new Error(`\`${command}\` ended before answering`);
      try {
        if ((await fetch(`${base}/v1/health`)).status === 200) {
          const took = performance.now() - started;
          if (rss) {
            await new Promise((r) => setTimeout(r, IDLE_BEFORE_RSS_MS));
            rss(groupRssMib(child.pid!));
          }
          return took;
        }
      } catch {
        // not listening yet
      }
      // Short waits: the poll's own period is part of the figure.
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    // The whole group: the shell and the server it started.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
    await groupGone(child.pid!);
  }
}

/**
 * The shell ends at SIGTERM at once; the server it started still closes its database. The next start (or the
 * removal of the data directory) waits until no process of the group is left, so two never overlap.
 */
async function groupGone(pgid: number) {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

// BENCH_START_COMMAND times another command the same way (an older start, to compare in one sitting).
const command = process.env.BENCH_START_COMMAND ?? (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).scripts.start as string);
const dataDir = await mkdtemp(join(tmpdir(), 'bench-start-'));
try {
  let freshRss = 0;
  let laterRss = 0;
  const fresh = await timeOneStart(command, dataDir, (mib) => (freshRss = mib));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeOneStart(command, dataDir, i === RUNS - 1 ? (mib) => (laterRss = mib) : undefined));
  const sorted = [...times].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const ms = (t: number) => `${Math.round(t)} ms`;
  console.log(
    `npm start (\`${command}\`), spawn to the first 200 of /v1/health, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`  fresh data directory: ${ms(fresh)}`);
  for (const [what, mib] of [
    ['a fresh', freshRss],
    ['an existing', laterRss],
  ] as const)
    console.log(
      `  resident memory ${IDLE_BEFORE_RSS_MS / 1000} s after the start on ${what} data directory: ${Math.round(mib)} MiB; target ≤ ${RSS_TARGET_MIB} MiB: ratio ${(mib / RSS_TARGET_MIB).toFixed(2)}`,
    );
  console.log(`  existing data directory, ${RUNS} starts: ${times.map(ms).join(', ')}`);
  console.log(
    `  median ${ms(median)}, max ${ms(sorted.at(-1)!)}; target ≤ ${ms(TARGET_MS)}: median ${(median / TARGET_MS).toFixed(2)}× the target, max ${(sorted.at(-1)! / TARGET_MS).toFixed(2)}×`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
