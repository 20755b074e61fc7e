import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, prepare } from '../../server/db/open';
import { buildServer, staleness } from '../../server/build/server-build.mjs';

/**
 * Before the files that start the server in its own process (tests/support/server-start.ts): the server
 * built once, so that no two starts build it at the same time, and the template data directory they copy,
 * unless an earlier global setup of the project made one (the server project's, server/test/global-setup.ts).
 */
export default async function setup(project: TestProject) {
  if (staleness()) await buildServer();
  if (project.getProvidedContext().pgliteDataTemplate) return;
  const dir = await mkdtemp(join(tmpdir(), 'village-data-template-'));
  const dataDir = join(dir, 'pglite');
  const template = await openPglite({ dataDir });
  await prepare(template);
  // Closed cleanly: a copy starts without recovery.
  await template.close();
  project.provide('pgliteDataTemplate', dataDir);
  return () => rm(dir, { recursive: true, force: true });
}
