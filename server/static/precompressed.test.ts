import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { servePwa } from './pwa';
import { createWorld } from '../test/world';

const work = await mkdtemp(join(tmpdir(), 'village-precompressed-'));
afterAll(() => rm(work, { recursive: true, force: true }));
const dist = join(work, 'dist');
await mkdir(join(dist, 'assets'), { recursive: true });
// Large and repetitive enough for both copies to be far smaller than the file.
const entry = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `mot-${i % 37}`))};\n`;
await writeFile(join(dist, 'assets', 'index-Ab12Cd34.js'), entry);
await writeFile(join(dist, 'index.html'), `<!doctype html><title>Village</title>${'<link rel="modulepreload">'.repeat(40)}`);
await writeFile(join(dist, 'assets', 'tiny-Ef56.js'), '1');
await writeFile(join(dist, 'assets', 'icon-Gh78.png'), Buffer.alloc(2000));
await writeFile(join(work, 'secret.txt'), 'not part of the build');
// The copies as the build makes them beside its text files (vite.config.ts), none for a file they would not shrink.
for (const file of ['index.html', 'assets/index-Ab12Cd34.js']) {
  const data = await readFile(join(dist, file));
  await writeFile(join(dist, `${file}.br`), brotliCompressSync(data));
  await writeFile(join(dist, `${file}.gz`), gzipSync(data));
}
// A copy left without its file (a file removed by hand after a build): never sent.
await writeFile(join(dist, 'assets', 'gone-Ij90.js.br'), await readFile(join(dist, 'assets', 'index-Ab12Cd34.js.br')));

const world = await createWorld();
servePwa(world.app, dist);

const ENTRY = '/assets/index-Ab12Cd34.js';
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => world.app.request(path, { method, headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('the build’s files sent compressed by the request’s Accept-Encoding', () => {
  it('sends Brotli when asked, decompressing to the file, with the file’s type and caching', async () => {
    const res = await get(ENTRY, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(body.length).toBe(Number(res.headers.get('Content-Length')));
    expect(body.length).toBeLessThan(entry.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(entry);
  });

  it('sends gzip to a browser without Brotli, and Brotli first to one that takes both', async () => {
    const gz = await get(ENTRY, { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Vary')).toBe('Accept-Encoding');
    expect(gz.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(entry);
    const chromium = await get(ENTRY, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(chromium.headers.get('Content-Encoding')).toBe('br');
  });

  it('sends the file as it is without Accept-Encoding, still saying that the answer varies by it', async () => {
    const res = await get(ENTRY);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(entry);
  });

  it('compresses the shell of a deep link too, never kept forever', async () => {
    const res = await get('/dashboard/villages/123/planning', { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    expect(brotliDecompressSync(await bytes(res)).toString()).toContain('<title>Village</title>');
  });

  it('sends a file without copies, and an image, as they are', async () => {
    const tiny = await get('/assets/tiny-Ef56.js', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(await tiny.text()).toBe('1');
    const image = await get('/assets/icon-Gh78.png', { 'Accept-Encoding': 'br, gzip' });
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Encoding')).toBeNull();
    expect(image.headers.get('Vary')).toBeNull();
    expect((await bytes(image)).length).toBe(2000);
  });

  it('answers HEAD and a range with the copy’s length', async () => {
    const copy = await readFile(join(dist, 'assets', 'index-Ab12Cd34.js.br'));
    const head = await get(ENTRY, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Encoding')).toBe('br');
    expect(head.headers.get('Content-Length')).toBe(String(copy.length));
    expect((await bytes(head)).length).toBe(0);
    const range = await get(ENTRY, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers.get('Content-Range')).toBe(`bytes 0-9/${copy.length}`);
    expect(await bytes(range)).toEqual(copy.subarray(0, 10));
  });

  it('answers 404 for an unknown file, a copy without its file or asked by its name, and never leaves the build', async () => {
    const byName = ['/assets/index-Ab12Cd34.js.br', '/assets/index-Ab12Cd34.js.gz', '/index.html.br'];
    for (const path of ['/assets/absent-Kl12.js', '/assets/gone-Ij90.js', '/assets/..%2F..%2Fsecret.txt', ...byName]) {
      const res = await get(path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Encoding'), path).toBeNull();
      expect(res.headers.get('Cache-Control') ?? '', path).not.toContain('immutable');
      expect(await res.text(), path).not.toContain('not part of the build');
    }
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2Fsecret.txt']) {
      const res = await get(path, { 'Accept-Encoding': 'br, gzip' });
      const body = await bytes(res);
      const text = res.headers.get('Content-Encoding') === 'br' ? brotliDecompressSync(body).toString() : body.toString();
      expect(text, path).not.toContain('not part of the build');
    }
  });
});
