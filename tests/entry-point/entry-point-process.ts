/**
 * The real entry point, as `npm start` runs it, on a data directory of its own: what the files of
 * tests/entry-point that start the server share. Each file calls `entryPoint()` once, at its top.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll } from 'vitest';
import { stopsChildrenAfterEachTest } from '../support/child-process';

const root = join(import.meta.dirname, '..', '..');

export type WatchedServer = ReturnType<typeof watch>;

function watch(child: ChildProcess) {
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The file's ways to start the server; its data directories removed and its servers stopped after it. */
export function entryPoint() {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  // Every server a test starts is stopped after it, also when the test times out or fails before its own stop.
  const stoppedAfterTheTest = stopsChildrenAfterEachTest();
  return {
    async dataDir(prefix: string) {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    /** package.json's `start`, run as npm runs it: a shell (replaced by the command), node_modules/.bin first on the PATH. */
    async npmStart(env: Record<string, string>) {
      const command = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).scripts.start as string;
      const path = `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`;
      return watch(
        stoppedAfterTheTest(
          spawn(`exec ${command}`, {
            shell: true,
            cwd: root,
            env: { ...process.env, PATH: path, LOG_LEVEL: 'info', ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        ),
      );
    },
    /** The entry point through tsx, as the other tests and the benchmarks start it. */
    start(env: Record<string, string>) {
      return watch(
        stoppedAfterTheTest(
          spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
            cwd: root,
            env: { ...process.env, LOG_LEVEL: 'info', ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        ),
      );
    },
  };
}

export async function waitUntilUp(base: string, server: { exited: Promise<unknown>; output(): string }) {
  const deadline = Date.now() + 60_000;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

/** pino's lines at level error (50) or fatal (60). */
export const errorLines = (output: string) => output.split('\n').filter((line) => /"level":(50|60)\b/.test(line));

export const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
