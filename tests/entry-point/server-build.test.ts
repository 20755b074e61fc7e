import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start`'s launcher (server/build/start.mjs) in a small project of its own: the build cache of the
// repository is not touched, and a source can be changed without changing the repository's.
const root = join(import.meta.dirname, '..', '..');
const project = await mkdtemp(join(tmpdir(), 'village-build-'));
afterAll(() => rm(project, { recursive: true, force: true }));

async function makeProject() {
  await mkdir(join(project, 'server', 'build'), { recursive: true });
  await mkdir(join(project, 'node_modules'));
  for (const file of ['start.mjs', 'server-build.mjs'])
    await copyFile(join(root, 'server', 'build', file), join(project, 'server', 'build', file));
  await symlink(join(root, 'node_modules', 'esbuild'), join(project, 'node_modules', 'esbuild'), 'dir');
  await writeFile(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
  // TypeScript, an import of another module, and a place read from import.meta: what the build must keep.
  await writeFile(
    join(project, 'server', 'main.ts'),
    "import { answer } from './answer';\nconst where: string = import.meta.dirname;\nconsole.log(`answer: ${answer}`);\nconsole.log(`dirname: ${where}`);\n",
  );
  await writeAnswer('première');
  // Written well before the first build, as sources are: only the change below is newer than it.
  const past = new Date(Date.now() - 60_000);
  for (const file of ['server/main.ts', 'server/answer.ts', 'server/build/start.mjs', 'server/build/server-build.mjs', 'package.json']) {
    await utimes(join(project, file), past, past);
  }
}

const writeAnswer = (answer: string) =>
  writeFile(join(project, 'server', 'answer.ts'), `export const answer: string = ${JSON.stringify(answer)};\n`);

async function start() {
  const { stdout } = await promisify(execFile)(process.execPath, ['server/build/start.mjs'], { cwd: project });
  return stdout;
}

describe("npm start's server build", () => {
  it('builds once, runs the build with plain Node, and rebuilds when a source changes', async () => {
    await makeProject();

    const first = await start();
    expect(first).toContain('building the server (no build yet)');
    expect(first).toContain('answer: première');
    expect(first).toContain(`dirname: ${join(project, 'server')}`);

    const second = await start();
    expect(second).not.toContain('building the server');
    expect(second).toContain('answer: première');

    await writeAnswer('seconde');
    const third = await start();
    expect(third).toContain('building the server (server/answer.ts changed)');
    expect(third).toContain('answer: seconde');
  }, 60_000);
});
