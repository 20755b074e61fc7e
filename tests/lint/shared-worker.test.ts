import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.map((message) => message.ruleId);
}

// The server project's files share their worker's modules and process (vitest.config.ts, isolate: false).
describe("the server project's files change nothing their worker's next files would meet", () => {
  it.each([
    ['a mocked module', "import { vi } from 'vitest';\nvi.mock('../db/client');\n", 'no-restricted-properties'],
    ['a stubbed global', "import { vi } from 'vitest';\nvi.stubGlobal('fetch', () => undefined);\n", 'no-restricted-properties'],
    ['a stubbed variable', "import { vi } from 'vitest';\nvi.stubEnv('PORT', '1');\n", 'no-restricted-properties'],
    ['a variable set', "process.env.PORT = '1';\n", 'no-restricted-syntax'],
  ])('refuses %s in a server test', async (_, code, rule) => {
    expect(await ruleIds('server/needs/x.test.ts', code)).toContain(rule);
    expect(await ruleIds('tests/faults/x.test.ts', code)).toContain(rule);
  });

  // The rule's file list (eslint.config.js) repeats the project's: a file added to the project must be covered too.
  const server = config.test?.projects?.find(
    (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'server',
  );
  const include = (server as { test: { include: string[] } }).test.include;
  it.each(include.map((pattern) => pattern.replace('**/*.test.ts', 'x.test.ts')))(
    'covers %s, a file of the server project',
    async (file) => {
      const code = "import { vi } from 'vitest';\nvi.mock('x');\nprocess.env.PORT = '1';\n";
      expect(await ruleIds(file, code)).toEqual(expect.arrayContaining(['no-restricted-properties', 'no-restricted-syntax']));
    },
  );

  it('leaves the unit and browser projects, which run each file in its own process, free to do it', async () => {
    const code = "import { vi } from 'vitest';\nvi.stubGlobal('fetch', () => undefined);\nprocess.env.PORT = '1';\n";
    expect(await ruleIds('src/outbox/x.test.ts', code)).toEqual([]);
    expect(await ruleIds('tests/browser/x.test.ts', code)).toEqual([]);
  });
});
