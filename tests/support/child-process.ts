/**
 * Processes a test starts (a server, a driver) must not outlive it. Vitest does not cancel the code of a test
 * that timed out: its stop is never reached, and a child process outlives the worker that spawned it (a server
 * left listening, still holding its data directory, on a machine every other run shares).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach } from 'vitest';

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Sends `signal` (SIGTERM: the clean stop) and resolves once the child has exited; one still running after
 * `graceMs` (a clean stop takes a second or two, far longer on a busy machine) is killed (SIGKILL), before the
 * hook waiting on it (60 s) times out.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 30_000): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => {
    if (running(child)) child.kill('SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * For a test file that spawns processes in its tests: answers a function that registers a child and gives it
 * back. Each registered child is stopped after the test that started it, however that test ended; one started
 * later by a test that had already timed out is stopped after the file, or at once if the file is over.
 */
export function stopsChildrenAfterEachTest(): <T extends ChildProcess>(child: T) => T {
  const children = new Set<ChildProcess>();
  let fileOver = false;
  const stopAll = async () => {
    const stopping = [...children];
    children.clear();
    await Promise.all(stopping.map((child) => stopChild(child)));
  };
  afterEach(stopAll);
  afterAll(async () => {
    fileOver = true;
    await stopAll();
  });
  return (child) => {
    if (fileOver) void stopChild(child);
    else children.add(child);
    return child;
  };
}
