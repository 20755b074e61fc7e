import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { servePwa } from './pwa';
import { createWorld } from '../test/world';

const dist = await mkdtemp(join(tmpdir(), 'village-dist-'));
afterAll(() => rm(dist, { recursive: true, force: true }));
await mkdir(join(dist, 'assets'));
await writeFile(join(dist, 'index.html'), '<!doctype html><title>Village</title>');
await writeFile(join(dist, 'assets', 'app.js'), 'console.log("village")');

const world = await createWorld();
servePwa(world.app, dist);

describe('the built app on the API’s origin', () => {
  it('serves its files, and the shell for any deep link', async () => {
    const js = await world.app.request('/assets/app.js');
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('console.log("village")');
    // Named by their hash: kept forever; the shell, which names the release's files, is not.
    expect(js.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/dashboard/villages/123/planning', '/join/village?c=ABC&rli=jv']) {
      const res = await world.app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Village</title>');
      expect(res.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    }
  });

  it('never answers /v1, /uploads or a missing file of the build with the shell', async () => {
    const missing = await world.app.request('/assets/absent-Ab12.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    expect(await missing.text()).not.toContain('<title>');
    const api = await world.app.request('/v1/nulle-part');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ http_code: 404 });
    const upload = await world.app.request('/uploads/absente.webp');
    expect(upload.status).toBe(404);
    expect(await upload.text()).not.toContain('<title>');
    const picture = await world.app.request('/static/needs/absente.svg');
    expect(picture.status).toBe(404);
    expect(await picture.text()).not.toContain('<title>');
  });

  it('adds no handler to the API’s paths: a call still matches its one route', () => {
    expect(world.app.router.match('GET', '/v1/health')[0]).toHaveLength(1);
  });
});
