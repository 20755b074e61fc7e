import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles } from './import-circles.js';

const root = join(import.meta.dirname, '..', '..');

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
  it("finds a circle closed by an `import type`, which eslint-plugin-import's no-cycle did not see", () => {
    const base = world({
      'server/http/route.ts':
        "import { requireUser } from './authenticate';\nexport type CallStep = () => void;\nexport const r = requireUser;\n",
      'server/http/authenticate.ts': "import type { CallStep } from './route';\nexport const requireUser = (step: CallStep) => step;\n",
      'server/http/errors.ts': "export const text = 'Erreur';\n",
    });
    expect(importCircles(base)).toEqual([['server/http/authenticate.ts', 'server/http/route.ts']]);
  });

  it('finds a circle through `export … from` and `import()`', () => {
    const base = world({
      'src/db/index.ts': "export { open } from './open';\n",
      'src/db/open.ts': "export const open = () => import('./rows');\n",
      'src/db/rows.ts': "import { open } from '.';\nexport const rows = open;\n",
    });
    expect(importCircles(base)).toEqual([['src/db/index.ts', 'src/db/open.ts', 'src/db/rows.ts']]);
  });

  it('finds none where what both sides need lives in a module of its own', () => {
    const base = world({
      'server/http/call-step.ts': 'export type CallStep = () => void;\n',
      'server/http/route.ts':
        "import { requireUser } from './authenticate';\nimport type { CallStep } from './call-step';\nexport const r = (s: CallStep) => requireUser(s);\n",
      'server/http/authenticate.ts': "import type { CallStep } from './call-step';\nexport const requireUser = (step: CallStep) => step;\n",
    });
    expect(importCircles(base)).toEqual([]);
  });

  it('finds none in the repository (src, server, sw, tests)', () => {
    expect(importCircles(root)).toEqual([]);
  });
});
