import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';
import { servePwa } from '../static/pwa';
import { readConfig } from '../config';
import { serveApp } from './serve-node';
import { ANALYTICS_ORIGIN, EARLY_LOADS_SCRIPT, type SecuritySettings } from './security-headers';

const world = await createWorld();
// A build of the app as small as can be: the shell and one script.
const dist = await mkdtemp(join(tmpdir(), 'village-headers-'));
afterAll(() => rm(dist, { recursive: true, force: true }));
await writeFile(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/a.js"></script>');
servePwa(world.app, dist);

/** The app served as `npm start` serves it, with these settings: the raw headers of each path asked. */
async function headersOf(security: SecuritySettings, requests: [path: string, init?: RequestInit][]) {
  const server = serveApp({ fetch: world.app.fetch, port: 0, security });
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await Promise.all(
      requests.map(async ([path, init]) => {
        const res = await fetch(`${base}${path}`, init);
        await res.arrayBuffer();
        return { status: res.status, headers: res.headers };
      }),
    );
  } finally {
    server.close();
  }
}

const directives = (policy: string | null) =>
  Object.fromEntries((policy ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('security headers', () => {
  it("sends the app's strict policy on the shell, the API's on /v1 answers and errors, and HSTS when PUBLIC_URL is https", async () => {
    const [shell, deepLink, health, notFound, refused] = await headersOf({ publicUrl: 'https://village.example' }, [
      ['/'],
      ['/mail/unsubscribe/abc'],
      ['/v1/health'],
      ['/v1/nulle-part'],
      ['/v1/users/me'],
    ]);
    expect([shell, deepLink, health, notFound, refused].map((a) => a.status)).toEqual([200, 200, 200, 404, 401]);
    for (const { headers } of [shell, deepLink, health, notFound, refused]) {
      expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('X-Frame-Options')).toBe('DENY');
      expect(headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
    }
    const app = directives(shell.headers.get('Content-Security-Policy'));
    expect(app['script-src']).toEqual(["'self'", EARLY_LOADS_SCRIPT]);
    expect(app['style-src']).toEqual(["'self'"]);
    // The photos under PUBLIC_URL are fetched by the worker for its cache: a connection.
    expect(app['connect-src']).toEqual(["'self'", 'https://village.example']);
    expect(app['img-src']).toEqual(["'self'", 'https://village.example', 'data:', 'blob:']);
    expect(app).toMatchObject({
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    expect(app).toMatchObject({ 'worker-src': ["'self'"], 'manifest-src': ["'self'"] });
    expect(shell.headers.get('Content-Security-Policy')).not.toMatch(/unsafe-|\*/);
    expect(deepLink.headers.get('Content-Security-Policy')).toBe(shell.headers.get('Content-Security-Policy'));
    expect(shell.headers.get('Permissions-Policy')).toMatch(/(^|, )camera=\(\)/);
    expect(shell.headers.get('Permissions-Policy')).toMatch(/(^|, )geolocation=\(\)/);
    for (const { headers } of [health, notFound, refused]) {
      expect(headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    // Written once each, beside the answer's own headers.
    expect(health.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(notFound.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it("allows index.html's one inline script by the hash of its text as written, and no other", async () => {
    const html = await readFile(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    expect(EARLY_LOADS_SCRIPT).toBe(`'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`);
  });

  it('sends no HSTS on plain http, and lets the app reach the analytics host only when analytics is configured', async () => {
    const plain = readConfig({ PUBLIC_URL: 'http://localhost:3333' });
    const withAnalytics = readConfig({ PUBLIC_URL: 'http://localhost:3333', VITE_AMPLITUDE_API_KEY: 'clé' });
    expect(plain.analyticsOrigin).toBeUndefined();
    expect(withAnalytics.analyticsOrigin).toBe(ANALYTICS_ORIGIN);
    const [[without], [withIt]] = await Promise.all([
      headersOf({ publicUrl: plain.publicUrl, analyticsOrigin: plain.analyticsOrigin }, [['/']]),
      headersOf({ publicUrl: withAnalytics.publicUrl, analyticsOrigin: withAnalytics.analyticsOrigin }, [['/']]),
    ]);
    expect(without.headers.get('Strict-Transport-Security')).toBeNull();
    expect(directives(without.headers.get('Content-Security-Policy'))['connect-src']).toEqual(["'self'", 'http://localhost:3333']);
    expect(directives(withIt.headers.get('Content-Security-Policy'))['connect-src']).toEqual([
      "'self'",
      'http://localhost:3333',
      ANALYTICS_ORIGIN,
    ]);
  });
});
