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
