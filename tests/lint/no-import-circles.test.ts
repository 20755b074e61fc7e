import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const config = join(import.meta.dirname, '..', '..', 'eslint.config.js');
const worlds: string[] = [];
afterAll(() => worlds.forEach((world) => rmSync(world, { recursive: true, force: true })));

/**
 * The rule reads the import graph from the files on disk, so a text linted as if it closed a circle is not enough:
 * each case writes its modules in a folder of its own outside the repository, laid out as the repository is, and
 * lints them with the repository's config from there. A fresh folder each time, as the rule keeps the graph of a
 * folder for the whole process.
 */
async function circleErrors(files: Record<string, string>, linted: string) {
  const world = mkdtempSync(join(tmpdir(), 'import-circles-'));
  worlds.push(world);
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(world, path)), { recursive: true });
    writeFileSync(join(world, path), code);
  }
  const eslint = new ESLint({ cwd: world, overrideConfigFile: config });
  const [result] = await eslint.lintFiles([linted]);
  return result.messages.filter((message) => message.ruleId === 'village/no-import-circles');
}

describe('no import circles (village/no-import-circles)', () => {
  it.each(['src/db', 'server/mail', 'sw', 'tests/support'])('forbids two modules of %s importing each other', async (folder) => {
    const errors = await circleErrors(
      {
        [`${folder}/queue.ts`]: "import { kinds } from './kinds';\nexport const queue = () => kinds;\n",
        [`${folder}/kinds.ts`]: "import { queue } from './queue';\nexport const kinds = [queue];\n",
      },
      `${folder}/queue.ts`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].severity).toBe(2);
  });

  it('forbids a circle through a third module and a module loaded on demand (import())', async () => {
    const errors = await circleErrors(
      {
        'server/db/client.ts': "export const open = () => import('./postgres');\n",
        'server/db/postgres.ts': "import { seed } from './seed';\nexport const pool = () => seed;\n",
        'server/db/seed.ts': "import { open } from './client';\nexport const seed = () => open;\n",
      },
      'server/db/client.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('Import circle among server/db/client.ts, server/db/postgres.ts, server/db/seed.ts.');
  });

  it('allows the same modules once what both need lives in a module of its own', async () => {
    const errors = await circleErrors(
      {
        'server/mail/queue.ts':
          "import { kinds } from './kinds';\nimport { name } from './kind-name';\nexport const queue = () => [kinds, name];\n",
        'server/mail/kinds.ts': "import { name } from './kind-name';\nexport const kinds = [name];\n",
        'server/mail/kind-name.ts': "export const name = 'help_reminder';\n",
      },
      'server/mail/queue.ts',
    );
    expect(errors).toEqual([]);
  });

  it("lints a module not on disk yet (an editor's unsaved buffer) instead of stopping the run", async () => {
    const base = mkdtempSync(join(tmpdir(), 'import-circles-'));
    worlds.push(base);
    mkdirSync(join(base, 'server'));
    writeFileSync(join(base, 'server/errors.ts'), "export const text = 'Erreur';\n");
    const eslint = new ESLint({ cwd: base, overrideConfigFile: config });
    const [result] = await eslint.lintText("import { text } from './errors';\nexport const shown = text;\n", {
      filePath: join(base, 'server/unsaved.ts'),
    });
    expect(result.messages).toEqual([]);
  });

  it('forbids a circle made only of `import type`, on each of its imports', async () => {
    const files = {
      'server/deps.ts': "import type { Caches } from './caches';\nexport type Deps = { caches: Caches };\n",
      'server/caches.ts': "import type { Deps } from './deps';\nexport type Caches = { deps?: Deps };\n",
    };
    const errors = await circleErrors(files, 'server/deps.ts');
    expect(errors.map((error) => [error.line, error.severity])).toEqual([[1, 2]]);
    expect(await circleErrors(files, 'server/caches.ts')).toHaveLength(1);
  });

  it('sees a circle that the linted text closes before it is saved, and forgets it once the text no longer does', async () => {
    const base = mkdtempSync(join(tmpdir(), 'import-circles-'));
    worlds.push(base);
    mkdirSync(join(base, 'src/db'), { recursive: true });
    writeFileSync(join(base, 'src/db/open.ts'), "import { rows } from './rows';\nexport const open = () => rows;\n");
    writeFileSync(join(base, 'src/db/rows.ts'), 'export const rows = 1;\n');
    const eslint = new ESLint({ cwd: base, overrideConfigFile: config });
    const rows = join(base, 'src/db/rows.ts');
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: rows }))[0].messages.filter((m) => m.ruleId === 'village/no-import-circles');
    expect(await lint('export const rows = 1;\n')).toEqual([]);
    expect(await lint("import { open } from './open';\nexport const rows = open;\n")).toHaveLength(1);
    expect(await lint('export const rows = 2;\n')).toEqual([]);
  });
});
