import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/**
 * An import the rule cannot resolve is silently allowed, so each snippet imports a module that
 * exists today; picking it from the folder keeps the test alive when files are renamed.
 */
function moduleIn(folder: string): string {
  const file = readdirSync(join(root, folder)).find((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  if (!file) throw new Error(`No module in ${folder} to import in the lint test`);
  return `${folder}/${file.replace(/\.tsx?$/, '')}`;
}

/** A module of a feature outside its public surface (index.ts, actions.ts): what other features may not import. */
function internalModuleIn(folder: string): string {
  const file = readdirSync(join(root, folder)).find(
    (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/^(index|actions)\.ts$/.test(name),
  );
  if (!file) throw new Error(`No internal module in ${folder} to import in the lint test`);
  return `${folder}/${file.replace(/\.tsx?$/, '')}`;
}

async function layerErrors(filePath: string, importPath: string) {
  const code = `import * as imported from '${importPath}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.filter((message) => message.ruleId === 'import/no-restricted-paths');
}

describe('layer rules (import/no-restricted-paths)', () => {
  const feature = moduleIn('src/features/needs');
  const outbox = moduleIn('src/outbox');
  const contract = moduleIn('src/contract');

  it.each([
    ['shared code (outbox) → a feature', 'src/outbox/x.ts', `../${feature.slice('src/'.length)}`],
    ['a shared component → a feature', 'src/components/x.tsx', `../${feature.slice('src/'.length)}`],
    ['the server → a feature', 'server/x.ts', `../${feature}`],
    ['the server → the outbox', 'server/x.ts', `../${outbox}`],
    ['the contract → the outbox', 'src/contract/x.ts', `../${outbox.slice('src/'.length)}`],
    ['the contract → a feature', 'src/contract/x.ts', `../${feature.slice('src/'.length)}`],
    ['the service worker → a feature', 'sw/x.ts', `../${feature}`],
  ])('forbids %s', async (_case, filePath, importPath) => {
    const errors = await layerErrors(filePath, importPath);
    expect(errors).toHaveLength(1);
    expect(errors[0].severity).toBe(2);
  });

  it.each([
    ['the server → the contract', 'server/x.ts', `../${contract}`],
    ['the service worker → the outbox', 'sw/x.ts', `../${outbox}`],
    ['a feature → shared components', 'src/features/needs/x.tsx', `../../${moduleIn('src/components').slice('src/'.length)}`],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await layerErrors(filePath, importPath)).toEqual([]);
  });
});

describe('features reach each other only through their public surface (index.ts, actions.ts)', () => {
  const needsInternal = internalModuleIn('src/features/needs').slice('src/features/'.length);
  const villagesInternal = internalModuleIn('src/features/villages/mutations').slice('src/features/'.length);

  it.each([
    ["a feature → another feature's internal module", 'src/features/manage/x.tsx', `../${needsInternal}`],
    ["a feature's subfolder → another feature's internal module", 'src/features/villagers/mutations/x.ts', `../../${villagesInternal}`],
    [
      'the shared read layer (village-data) → a feature',
      'src/village-data/x.ts',
      `../${internalModuleIn('src/features/needs').slice('src/'.length)}`,
    ],
  ])('forbids %s', async (_case, filePath, importPath) => {
    const errors = await layerErrors(filePath, importPath);
    expect(errors).toHaveLength(1);
    expect(errors[0].severity).toBe(2);
  });

  it("forbids a feature → another feature's internal module loaded on demand (import())", async () => {
    const code = `export const load = () => import('../${needsInternal}');\n`;
    const [result] = await eslint.lintText(code, { filePath: join(root, 'src/features/manage/x.tsx') });
    expect(result.messages.filter((message) => message.ruleId === 'import/no-restricted-paths')).toHaveLength(1);
  });

  it.each([
    ["a feature → another feature's index", 'src/features/manage/x.tsx', '../needs'],
    ["a feature's subfolder → another feature's index", 'src/features/villagers/mutations/x.ts', '../../villages'],
    ["a feature → another feature's actions", 'src/features/manage/x.tsx', '../needs/actions'],
    ['a feature → its own internal module', 'src/features/needs/x.tsx', `./${needsInternal.slice('needs/'.length)}`],
    ["a feature's test → another feature's internal module", 'src/features/manage/x.test.tsx', `../${needsInternal}`],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await layerErrors(filePath, importPath)).toEqual([]);
  });
});
