// ESLint flat config. Syntax-only rules (no type information) so `npm run lint` stays fast;
// `npm run typecheck` is where the types are checked.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noImportCircles } from './tests/lint/import-circles.js';
import tseslint from 'typescript-eslint';

/**
 * Folders of src below the domain (docs/architecture.md, "Layers"): the transport, the local store, the outbox and
 * the app-wide state. They never reach up into the domain, the screens or the composition. src/contract is one
 * too, under the stricter zone below (listing it here as well would report its imports twice).
 */
const INFRASTRUCTURE = ['api', 'outbox', 'db', 'session', 'state', 'pwa', 'hooks', 'analytics'];
const ABOVE_DOMAIN = ['./src/features', './src/components', './src/app', './src/routes'];

/**
 * The layers of the code base, from the bottom: the wire contract; the infrastructure; the domain (src/domain,
 * a folder per resource: its writes, reads and queries); shared components; features (screens only); the app's
 * composition (src/app, src/routes). The server and the service worker share only what they must with the page.
 */
const layerZones = [
  {
    target: INFRASTRUCTURE.map((dir) => `./src/${dir}`),
    from: ['./src/domain', ...ABOVE_DOMAIN],
    message:
      'The infrastructure (api, db, outbox, state…) must not depend on the domain, a component, a screen or the app: move what is shared down.',
  },
  {
    target: './src/domain',
    from: ABOVE_DOMAIN,
    message: 'The domain holds the resources’ writes and reads, no screen: move what a screen and the domain share into src/domain.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app', './src/routes'],
    message: 'Shared components must not depend on a feature or on the app composition: move what is shared down.',
  },
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'The wire contract is imported by the app, the worker and the server: it imports nothing else from src.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'The server shares only the wire contract (src/contract) with the app.',
  },
  {
    target: './sw',
    from: './src',
    except: ['./app', './domain', './outbox', './db', './api', './contract'],
    message: 'The service worker may use src/app, src/domain, src/outbox, src/db, src/api and src/contract, not a feature.',
  },
];

const FEATURES = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Features are screens (docs/architecture.md, "Layers"): one imports no other feature, whatever the file,
 * stylesheets included (what two features share belongs in src/domain, src/components or the global
 * src/styles.css), and reads and writes only through the domain, never the local store (src/db) or the
 * transport (src/api) directly.
 */
const featureZones = [
  ...FEATURES.map((feature) => ({
    target: FEATURES.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
    from: `./src/features/${feature}`,
    message: `A feature imports no other feature: move what '${feature}' shares into src/domain (writes, reads) or src/components (shared UI).`,
  })),
  {
    target: './src/features',
    from: ['./src/db', './src/api'],
    message: 'Screens read and write through src/domain, never the local store or the transport directly.',
  },
];

export default defineConfig(
  {
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'src/routeTree.gen.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `const { secret: _ignored, ...rest } = row` drops a field on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    plugins: { import: importPlugin },
    settings: {
      // Resolves the extension-less `.ts`/`.tsx` imports, so the zones compare real file paths.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      // basePath: the zones are paths of this repository, whatever directory ESLint runs from.
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  {
    // No import circles: in one, a module can run before what it imports is set, and two modules can no longer
    // be read or changed one at a time. Tests too: their worlds (server/test, tests/support) are modules like
    // any other. Every import counts, `import type` included; the graph is read once per run
    // (tests/lint/import-circles.js says why this rule replaced import/no-cycle). Paths are from where ESLint
    // runs: the repository's root, as `npm run lint` does.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts', 'tests/**/*.{ts,tsx}'],
    plugins: { village: { rules: { 'no-import-circles': noImportCircles } } },
    rules: {
      'village/no-import-circles': 'error',
    },
  },
  {
    // Production code only: a test may reach into any feature to build its world or check a detail.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...layerZones, ...featureZones] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The server project's files (vitest.config.ts) share their worker's modules (isolate: false): a mocked
    // module, a stubbed global or a changed environment variable would reach the files run after them.
    files: [
      'server/**/*.test.ts',
      'tests/entry-point/**/*.test.ts',
      'tests/support/**/*.test.ts',
      'tests/faults/**/*.test.ts',
      'src/outbox/replay-server.test.ts',
      'src/outbox/replay-property.test.ts',
      'src/outbox/pull-older-helps.test.ts',
    ],
    ignores: ['tests/faults/worker-replay.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'stubGlobal', 'stubEnv', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message:
            "The server project's files share their worker's modules (vitest.config.ts, isolate: false): give the world what it needs instead.",
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression[left.object.object.name='process'][left.object.property.name='env']",
          message:
            "The server project's files share their worker's process: pass variables to what you start instead of setting process.env.",
        },
      ],
    },
  },
);
