import { Hono } from 'hono';
import type { AppEnv, Deps } from '../deps';
import { findCatalogueNeed, needPictureSvg } from '../db/catalogue';

/** For what never changes under its name: a browser keeps it a year and never asks again, not even on a reload. */
export const FOREVER = 'public, max-age=31536000, immutable';

/** Uploaded photos (named by content-free random keys, so cacheable forever) and the catalogue pictures. */
export function staticRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/uploads/:key', async (c) => {
    const data = await deps.files.get(c.req.param('key'));
    if (!data) return c.notFound();
    return c.body(new Uint8Array(data), 200, { 'Content-Type': 'image/webp', 'Cache-Control': FOREVER });
  });

  app.get('/static/needs/:file', (c) => {
    const found = findCatalogueNeed(c.req.param('file').replace(/\.svg$/, ''));
    if (!found) return c.notFound();
    return c.body(needPictureSvg(found.category, found.need.name), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  });

  return app;
}
