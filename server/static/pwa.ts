import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../deps';

/**
 * Serves the built PWA on the API's origin when it has been built: its files, and index.html for any
 * other navigation so that deep links load the app. /v1 and /uploads are never answered with the shell, nor
 * a missing file of the build (`/assets/…`, hashed names): a 404 there, or the worker's precache would keep
 * the shell as that script and the browser refuse it as a module.
 */
export function servePwa(app: Hono<AppEnv>, distDir: string) {
  if (!existsSync(`${distDir}/index.html`)) return;
  const root = relative(process.cwd(), distDir) || '.';
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/v1/') || c.req.path.startsWith('/uploads/')) return next();
    return serveStatic({ root })(c, next);
  });
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/v1/') || c.req.path.startsWith('/uploads/') || c.req.path.startsWith('/assets/')) return next();
    return serveStatic({ root, path: 'index.html' })(c, next);
  });
}
