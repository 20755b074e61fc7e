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

describe('the domain holds no screen; the infrastructure knows neither', () => {
  const domain = moduleIn('src/domain/helps');
  const component = moduleIn('src/components');

  it.each([
    ['the domain → a feature', 'src/domain/helps/x.ts', `../../${moduleIn('src/features/needs').slice('src/'.length)}`],
    ['the domain → a shared component', 'src/domain/helps/x.ts', `../../${component.slice('src/'.length)}`],
    ['the domain → the app composition', 'src/domain/helps/x.ts', `../../${moduleIn('src/app').slice('src/'.length)}`],
    ['the outbox → the domain', 'src/outbox/x.ts', `../${domain.slice('src/'.length)}`],
    ['the local store → the domain', 'src/db/x.ts', `../${domain.slice('src/'.length)}`],
    ['a shared component → a feature', 'src/components/x.tsx', `../${moduleIn('src/features/planning').slice('src/'.length)}`],
  ])('forbids %s', async (_case, filePath, importPath) => {
    const errors = await layerErrors(filePath, importPath);
    expect(errors).toHaveLength(1);
    expect(errors[0].severity).toBe(2);
  });

  it.each([
    ['the domain → the local store', 'src/domain/helps/x.ts', `../../${moduleIn('src/db').slice('src/'.length)}`],
    ['the domain → the outbox', 'src/domain/helps/x.ts', `../../${moduleIn('src/outbox').slice('src/'.length)}`],
    ['a shared component → the domain', 'src/components/x.tsx', `../${domain.slice('src/'.length)}`],
    ['the service worker → the domain', 'sw/x.ts', `../${domain}`],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await layerErrors(filePath, importPath)).toEqual([]);
  });
});

describe('features are screens: no feature imports another, none reads the store or calls the transport', () => {
  const planning = moduleIn('src/features/planning').slice('src/features/'.length);

  it.each([
    ["a feature → another feature's module", 'src/features/manage/x.tsx', `../${planning}`],
    ["a feature's subfolder → another feature's module", 'src/features/needs/helps/x.tsx', `../../${planning}`],
    ["a feature → another feature's stylesheet", 'src/features/manage/x.tsx', '../planning/planning.css'],
    ['a feature → the local store', 'src/features/manage/x.tsx', `../../${moduleIn('src/db').slice('src/'.length)}`],
    ['a feature → the transport', 'src/features/manage/x.tsx', `../../${moduleIn('src/api').slice('src/'.length)}`],
  ])('forbids %s', async (_case, filePath, importPath) => {
    const errors = await layerErrors(filePath, importPath);
    expect(errors).toHaveLength(1);
    expect(errors[0].severity).toBe(2);
  });

  it("forbids a feature → another feature's module loaded on demand (import())", async () => {
    const code = `export const load = () => import('../${planning}');\n`;
    const [result] = await eslint.lintText(code, { filePath: join(root, 'src/features/manage/x.tsx') });
    expect(result.messages.filter((message) => message.ruleId === 'import/no-restricted-paths')).toHaveLength(1);
  });

  it("forbids a feature → another feature's folder (no public surface any more)", async () => {
    const [result] = await eslint.lintText(`import * as other from '../planning/planning-page';\nexport const used = other;\n`, {
      filePath: join(root, 'src/features/manage/x.tsx'),
    });
    expect(result.messages.filter((message) => message.ruleId === 'import/no-restricted-paths')).toHaveLength(1);
  });

  it.each([
    ['a feature → the domain', 'src/features/manage/x.tsx', `../../${moduleIn('src/domain/villages').slice('src/'.length)}`],
    ['a feature → its own module', 'src/features/planning/x.tsx', `./${planning.slice('planning/'.length)}`],
    [
      "a feature's test → the local store (to build its world)",
      'src/features/manage/x.test.tsx',
      `../../${moduleIn('src/db').slice('src/'.length)}`,
    ],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await layerErrors(filePath, importPath)).toEqual([]);
  });
});
