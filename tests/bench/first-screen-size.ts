/**
 * `npm run bench:size`: the gzip size of the JavaScript the first screen loads. The app is built into a
 * directory of its own (never the dist/ that other runs may be serving), served by the real server
 * (DIST_DIR), and /auth/login is opened in a fresh Chromium profile. Every script the page requests until
 * the login form is shown and the network is idle is counted, gzipped at level 9 whatever the server sends.
 * The analytics SDK must not be among them: it is imported after the first paint, for a consenting user.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { freePort } from '../support/free-port';

const TARGET_KB = 120;
const PAGE = '/auth/login';
const root = join(import.meta.dirname, '..', '..');

const kb = (bytes: number) => (bytes / 1024).toFixed(2);

/** The built chunks that hold the Amplitude SDK, found by content (chunk names do not say it). */
async function sdkChunks(distDir: string) {
  const assets = join(distDir, 'assets');
  const names = (await readdir(assets)).filter((n) => n.endsWith('.js'));
  const found: string[] = [];
  for (const name of names)
    if ((await readFile(join(assets, name), 'utf8')).includes('Event rejected due to missing API key')) found.push(name);
  return found;
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'village-bench-size-'));
  const distDir = join(work, 'dist');
  const dataDir = join(work, 'data');
  const profile = join(work, 'chromium');
  // A key so that the analytics code is built as in production; a guest never starts it anyway.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', VITE_AMPLITUDE_API_KEY: process.env.VITE_AMPLITUDE_API_KEY || 'bench-key' },
    },
  );
  const sdk = await sdkChunks(distDir);

  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
  });
  try {
    for (const deadline = Date.now() + 120_000; ;) {
      if (server.exitCode !== null) throw new Error('the server exited');
      if (
        await fetch(`${base}/v1/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    });
    await page.goto(`${base}${PAGE}`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all([...scripts].map(async ([url, size]) => ({ file: new URL(url).pathname, gzip: await size })));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    const sdkLoaded = sizes.filter((s) => sdk.some((name) => s.file.endsWith(name)));

    for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(7)} KB  ${s.file}`);
    console.log(
      `First screen (${PAGE}) JavaScript: ${kb(total)} KB gzip in ${sizes.length} files; target ≤ ${TARGET_KB} KB: ${((total / 1024 / TARGET_KB) * 100).toFixed(0)} % of the target (ratio ${(total / 1024 / TARGET_KB).toFixed(2)}).`,
    );
    console.log(
      `Analytics SDK (${sdk.join(', ') || 'no chunk found'}): ${sdkLoaded.length ? 'LOADED by the first screen' : 'not in the first screen, loaded after first paint for a consenting user'}.`,
    );
    if (total / 1024 > TARGET_KB || sdkLoaded.length || !sdk.length) process.exitCode = 1;
  } finally {
    await context.close();
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await rm(work, { recursive: true, force: true });
  }
}

await main();
