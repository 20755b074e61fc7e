import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import serverSetup from '../support/server-global-setup';
import { buildAppInto } from './pwa-build';

/**
 * The browser project's one global setup. The app built once for the whole run (`runAppBuild` in pwa-build.ts),
 * instead of a `vite build` in each file that wants a build dist/ cannot change under it (about 10 s each); and,
 * at the same time, the server's build and the template data directory its processes copy
 * (tests/support/server-global-setup.ts). The build runs in a child process and the template in this one: side by
 * side they take the longer of the two, not their sum.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'village-run-build-'));
  const [serverTeardown] = await Promise.all([serverSetup(project), buildAppInto(dir, 'browser-run')]);
  project.provide('appBuild', dir);
  return async () => {
    await serverTeardown?.();
    await rm(dir, { recursive: true, force: true });
  };
}
