import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const FOLDERS = ['src', 'server', 'sw', 'tests'];

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * The import circles (strongly connected components of more than one module) among the modules of these
 * folders, each as its paths from `base`. Every import counts: `import type` and `export … from` too, and
 * `import()`, which import/no-cycle (eslint.config.js) does not follow or has no option for.
 */
function importCircles(base: string, folders: string[]): string[][] {
  const files = folders.flatMap((folder) => sourceFiles(join(base, folder)));
  const known = new Set(files);
  const imports = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map(({ fileName }) => resolveRelative(file, fileName));
      return [file, [...new Set(targets.filter((target): target is string => !!target && known.has(target)))]];
    }),
  );
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(base, member));
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

const worlds: string[] = [];
afterAll(() => worlds.forEach((world) => rmSync(world, { recursive: true, force: true })));

function world(files: Record<string, string>): string {
  const base = mkdtempSync(join(tmpdir(), 'import-circles-'));
  worlds.push(base);
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), code);
  }
  return base;
}

describe('import circles, type imports included', () => {
  it('finds a circle closed by an `import type`, which import/no-cycle does not see', () => {
    const base = world({
      'server/http/route.ts':
        "import { requireUser } from './authenticate';\nexport type CallStep = () => void;\nexport const r = requireUser;\n",
      'server/http/authenticate.ts': "import type { CallStep } from './route';\nexport const requireUser = (step: CallStep) => step;\n",
      'server/http/errors.ts': "export const text = 'Erreur';\n",
    });
    expect(importCircles(base, FOLDERS)).toEqual([['server/http/authenticate.ts', 'server/http/route.ts']]);
  });

  it('finds a circle through `export … from` and `import()`', () => {
    const base = world({
      'src/db/index.ts': "export { open } from './open';\n",
      'src/db/open.ts': "export const open = () => import('./rows');\n",
      'src/db/rows.ts': "import { open } from '.';\nexport const rows = open;\n",
    });
    expect(importCircles(base, FOLDERS)).toEqual([['src/db/index.ts', 'src/db/open.ts', 'src/db/rows.ts']]);
  });

  it('finds none where what both sides need lives in a module of its own', () => {
    const base = world({
      'server/http/call-step.ts': 'export type CallStep = () => void;\n',
      'server/http/route.ts':
        "import { requireUser } from './authenticate';\nimport type { CallStep } from './call-step';\nexport const r = (s: CallStep) => requireUser(s);\n",
      'server/http/authenticate.ts': "import type { CallStep } from './call-step';\nexport const requireUser = (step: CallStep) => step;\n",
    });
    expect(importCircles(base, FOLDERS)).toEqual([]);
  });

  it('finds none in the repository (src, server, sw, tests)', () => {
    expect(importCircles(root, FOLDERS)).toEqual([]);
  });
});
