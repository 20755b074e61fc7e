import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { answerRouteNotFound } from '../http/errors';
import { FOREVER } from './routes';

/** Paths the app's files and shell never answer: the API, photos and catalogue pictures have their own 404. */
const NOT_THE_APP = ['/v1/', '/uploads/', '/static/'];

/** The compressed copies are sent for their file, never by their own name (as bytes of no type, kept forever). */
const COPY = /\.(?:br|gz)$/;

/** The types of the files the build makes compressed copies of (vite.config.ts, precompressStaticFiles). */
const TEXT_TYPE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon))/;

/**
 * Serves the built PWA on the API's origin when it has been built: its files, and index.html for any
 * other navigation so that deep links load the app. /v1 and /uploads are never answered with the shell, nor
 * a missing file of the build (`/assets/…`, hashed names): a 404 there, or the worker's precache would keep
 * the shell as that script and the browser refuse it as a module.
 *
 * The build's files under /assets are named by their content's hash, so they are kept forever (immutable). On a
 * reload Chromium then hands them to the page at once (0 ms in its resource timings) instead of 60–130 ms after
 * they were asked for through the worker's static route to its precache, which stays the way when the browser
 * has nothing kept. The offline warm start of a village's planning (`npm run bench:offline-start`, alternated
 * runs) went from a median of 378–406 ms (p90 415–418) to 216–246 ms (p90 275–281). The shell (index.html)
 * and the worker keep the browser's usual checks, so a new release is still seen.
 *
 * Text files are sent as the Brotli or gzip copy made beside them at build time (vite.config.ts),
 * chosen by the request's Accept-Encoding: Brotli, then gzip, else the file itself (`npm run bench:size` counts
 * what crosses the wire). Hono's serveStatic picks a copy only once it has found the original, so a copy never
 * outlives its file. Every answer of a text file says `Vary: Accept-Encoding`, the uncompressed one too, so that
 * a shared cache keeps one answer per encoding instead of handing the first it saw to every browser.
 *
 * It answers what no route serves (Hono's not-found handler) rather than as a middleware on every path: a
 * request matching more than one handler leaves Hono's direct call for its `compose` (route.ts, setCallSteps).
 */
export function servePwa(app: Hono<AppEnv>, distDir: string) {
  if (!existsSync(`${distDir}/index.html`)) return;
  const root = relative(process.cwd(), distDir) || '.';
  const file = serveStatic({ root, precompressed: true });
  const shell = serveStatic({ root, path: 'index.html', precompressed: true });
  const missing = async () => undefined;
  app.notFound(async (c) => {
    const path = c.req.path;
    if (NOT_THE_APP.some((prefix) => path.startsWith(prefix)) || COPY.test(path)) return answerRouteNotFound(c);
    const asset = path.startsWith('/assets/');
    const found = (await file(c, missing)) ?? (asset ? undefined : await shell(c, missing));
    if (!found) return answerRouteNotFound(c);
    if (found.status === 200 && asset) found.headers.set('Cache-Control', FOREVER);
    const text = TEXT_TYPE.test(found.headers.get('Content-Type') ?? '');
    if (text && !/accept-encoding/i.test(found.headers.get('Vary') ?? '')) found.headers.append('Vary', 'Accept-Encoding');
    return found;
  });
}
