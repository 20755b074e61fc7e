import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildAppInto } from './pwa-build';

/**
 * The app built once for the whole browser run (`runAppBuild` in pwa-build.ts), instead of a `vite build` in
 * each file that wants a build dist/ cannot change under it (about 10 s each).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'village-run-build-'));
  await buildAppInto(dir, 'browser-run');
  project.provide('appBuild', dir);
  return () => rm(dir, { recursive: true, force: true });
}
