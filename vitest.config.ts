import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer';

/**
 * Tests of src that run against the real /v1 app in process (server/test/world.ts): they need the database
 * template made by the server's global setup, so they run with the server suite, not with the unit tests.
 */
const SRC_AGAINST_SERVER = [
  'src/outbox/replay-server.test.ts',
  'src/outbox/replay-property.test.ts',
  'src/outbox/pull-older-helps.test.ts',
];
/** The fault suite's run of the service worker's replay drives Chromium: it runs with the browser tests. */
const FAULTS_IN_CHROMIUM = ['tests/faults/worker-replay.test.ts'];

export default defineConfig({
  test: {
    // Shared by every project (`extends: true`): one process per file, so a file's globals (fake
    // IndexedDB, happy-dom, a database) never leak into the next one.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Transformed modules are kept in node_modules/.experimental-vitest-cache, keyed by their content: a rerun
    // skips most of the transforms (`npx vitest --clearCache` empties it).
    experimental: { fsModuleCache: true },
    // The slowest files first where Vitest has not timed them yet (a clean clone): tests/support/slow-first-sequencer.ts.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SRC_AGAINST_SERVER],
          // Vitest keeps one core for itself by default; unit files spend their time loading modules in
          // their own process while the main one idles, so every core runs a file (2 cores: 2x faster).
          maxWorkers: availableParallelism(),
          // Projects with their own worker counts run one group after the other: unit, server, browser.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'tests/entry-point/**/*.test.ts',
            'tests/support/**/*.test.ts',
            'tests/faults/**/*.test.ts',
            ...SRC_AGAINST_SERVER,
          ],
          exclude: [...configDefaults.exclude, ...FAULTS_IN_CHROMIUM],
          // The fault files start the server in its own process, on a copy of a template data directory.
          globalSetup: ['server/test/global-setup.ts', 'tests/support/server-global-setup.ts'],
          // Each file has its own database and ports: two at a time keep both cores busy while one waits on
          // its database or a process it started (2 cores, on PostgreSQL: 201 s instead of 346 s).
          maxWorkers: availableParallelism(),
          // A worker's files share the modules it has imported: each file still opens its own database, ports and
          // app (createWorld), and none mocks a module or stubs a global (eslint.config.js refuses it), but the server's modules are no longer
          // imported again through Vitest's module runner for each of the 76 files, about 3 s each (here, on
          // PGlite: 152 s instead of 304 s; on PostgreSQL 120 s instead of 184–217 s in CI).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Each browser test starts its own server process on its own data directory, a copy of the template
        // the global setup makes once (tests/support/server-start.ts), serving the app it built once
        // (tests/browser/pwa-build.ts).
        extends: true,
        test: {
          name: 'browser',
          globalSetup: ['tests/browser/app-build-setup.ts'],
          include: ['tests/browser/**/*.test.ts', 'tests/engines/**/*.test.ts', ...FAULTS_IN_CHROMIUM],
          // Two files at a time (Vitest's default keeps one core for itself: one file here). Measured back to back on
          // this 2-core machine, shared: `--maxWorkers=2` 348 s (load average 3.7 -> 7.2), `--maxWorkers=1` 493 s
          // (7.2 -> 5.4), all 66 tests passing in both.
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
