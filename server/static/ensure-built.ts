import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';

const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/**
 * `npm start` builds what is missing: the PWA is built with Vite when `dist/` has none, or an older one
 * than its sources. A fresh clone builds once; later starts reuse the build.
 */
export async function ensureAppBuilt(root: string, logger: Logger): Promise<void> {
  const built = join(root, 'dist', 'index.html');
  const sources = SOURCES.map((s) => join(root, s)).filter(existsSync);
  if (!sources.length) return;
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestChange))) return;
  logger.info('building the app (vite build)…');
  const { build } = await import('vite');
  // Always a production build, whatever NODE_ENV the server inherited (a test runner sets "test", with
  // which Vite would emit React's development runtime).
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
  logger.info('app built');
}
