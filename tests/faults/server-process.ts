/**
 * The API server as `npm start` runs it (its own process, on a copy of the run's template database when on
 * PGlite: tests/support/server-start.ts), API only, that a fault test may SIGKILL and start again on the same
 * port and data, as a crash and a restart would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild } from '../support/child-process';
import { freePort } from '../support/free-port';
import { seedDataDir, serverCommand } from '../support/server-start';

export interface ServerProcess {
  base: string;
  start(): Promise<void>;
  /**
   * SIGKILL (requests in flight are cut, nothing is finished cleanly), then start again, as a crash and a
   * restart; one asked while another runs comes after it.
   */
  restart(): Promise<void>;
  /** SIGTERM, the clean stop. */
  stop(): Promise<void>;
  running(): boolean;
  output(): string;
}

/**
 * `env` gives DATA_DIR (and DATABASE_URL for PostgreSQL); DIST_DIR, unless given a build of the app, points at
 * a folder without one (API only: dist/ is never built or served from here).
 */
export async function serverProcess(env: { DATA_DIR: string; DATABASE_URL?: string; DIST_DIR?: string }): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';
  const ended = () => !child || child.exitCode !== null || child.signalCode !== null;
  const until = async (which: ChildProcess, signal: NodeJS.Signals) => {
    if (ended()) return;
    // Killed if SIGTERM has not stopped it within 30 s: the file's afterAll would otherwise wait on it until it timed out.
    await stopChild(which, signal);
    // Said in the output, so that a test reading the data directory afterwards can tell a clean stop from a crash.
    output += `\n[${signal}: exit code ${which.exitCode}, signal ${which.signalCode}]\n`;
  };
  const start = async () => {
    if (!env.DATABASE_URL) await seedDataDir(env.DATA_DIR);
    const { command, args, cwd, env: testEnv } = serverCommand();
    child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...testEnv, PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'warn', DIST_DIR: env.DATA_DIR, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (ended()) throw new Error(`server exited:\n${output}`);
      try {
        if ((await fetch(`${base}/v1/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // Not left running on the port and data directory for whatever comes next.
    await until(child, 'SIGKILL');
    throw new Error(`server did not start:\n${output}`);
  };
  // Two restarts at once started two processes on one port and one data directory: both SIGKILLs waited for
  // the same exit, then each spawned a server (EADDRINUSE, then a PGlite directory that did not open; seed
  // 57178 of the page's fault runs, replay-under-faults-*.test.ts, where one drain passed both kills' shares).
  let restarting: Promise<void> = Promise.resolve();
  return {
    base,
    start,
    restart() {
      restarting = restarting
        .catch(() => undefined)
        .then(async () => {
          await until(child!, 'SIGKILL');
          await start();
        });
      return restarting;
    },
    stop: () => until(child!, 'SIGTERM'),
    running: () => !ended(),
    output: () => output,
  };
}
