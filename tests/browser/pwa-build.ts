/**
 * Builds of the app for the tests that need their own: a new build changes the bundle (VITE_BUILD_ID),
 * so the service worker finds an update.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** An empty directory for a build, removed after the test file. */
export async function temporaryDistDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'village-dist-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** `vite build` into `outDir`, replacing what was there, as a production build tagged `buildId`. */
export async function buildAppInto(outDir: string, buildId: string): Promise<void> {
  // Vitest sets NODE_ENV=test: Vite would then make a non-production bundle (PROD false) that registers no worker.
  const { NODE_ENV: _ignored, ...env } = process.env;
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...env, VITE_BUILD_ID: buildId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
}
