/**
 * How the tests start the real server in its own process: `npm start`'s own command (the server built once,
 * run by plain Node) on a data directory seeded from a migrated template, made once per run by
 * server-global-setup.ts. A fresh data directory would cost each start an initdb and the migrations (7–8 s
 * on this 2-core machine, against 1.6 s on an existing one), and tsx would transpile the server at each start
 * (another 1.3 s). The first start on a fresh directory, the path a new machine takes, has tests of its own
 * (tests/entry-point) and its bench (`npm run bench:start`).
 */
import { cp, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startNodeFlags } from './start-script';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, migrated and seeded, closed cleanly: copied into each test's DATA_DIR. */
    pgliteDataTemplate: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

/**
 * `npm start`'s command (package.json: its Node flags, its script), run from the repository's root as npm does,
 * and what the tests add to its environment: passwords hashed at the test world's cost (server/auth/passwords.ts),
 * as about 200 sign-ups and sign-ins at full cost spent some 85 s of CPU in a browser run.
 */
export const serverCommand = () => ({
  command: process.execPath,
  args: [...startNodeFlags, join(root, 'server', 'build', 'start.mjs')],
  cwd: root,
  env: { TEST_FAST_PASSWORDS: '1' },
});

/**
 * Gives `dataDir` its own copy of the template database, unless it has one already (a restart on the same
 * data) or the run made no template (a file run under a project without the global setup starts fresh).
 */
export async function seedDataDir(dataDir: string) {
  const template = inject('pgliteDataTemplate');
  if (!template) return;
  const target = join(dataDir, 'pglite');
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return;
  await cp(template, target, { recursive: true });
}
