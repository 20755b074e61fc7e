/**
 * Builds of the app for the browser tests. The run's build (`runAppBuild`) is made once by the global setup
 * (app-build-setup.ts): the app as this tree has it, in a directory of its own that no other run rewrites, as
 * dist/ may be. The tests that need builds of their own make them here: a new build changes the bundle
 * (VITE_BUILD_ID), so the service worker finds an update.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app built once for the run by tests/browser/app-build-setup.ts. */
    appBuild: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

/** The run's build of the app, shared by every file that serves the app as it is (only served, never rewritten). */
export function runAppBuild(): string {
  const dir = inject('appBuild');
  if (!dir)
    throw new Error(
      'No build of the app for this run: the browser project builds it in its global setup (tests/browser/app-build-setup.ts)',
    );
  return dir;
}

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
