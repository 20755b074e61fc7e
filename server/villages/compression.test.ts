import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createWorld } from '../test/world';

const world = await createWorld();

async function read(villageId: string, token: string, acceptEncoding?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
  const res = await world.app.request(`/v1/villages/${villageId}?include=needs,villagers,helps`, { headers });
  expect(res.status).toBe(200);
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('Content-Encoding');
  const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { encoding, vary: res.headers.get('Vary'), etag: res.headers.get('ETag'), body: JSON.parse(text.toString('utf8')) };
}

describe('the village answer, compressed', () => {
  it('is the same village whether sent plain, gzipped or in Brotli, under one ETag', async () => {
    const { creator, village } = await world.villageWithHelper();
    await world.request('POST', `/v1/villages/${village.id}/needs`, {
      token: creator.token,
      json: { villager_id: village.creatorVillagerId, name: 'Courses', description: 'Du pain et des fruits, le mardi.' },
    });
    const plain = await read(village.id, creator.token);
    expect(plain.encoding).toBeNull();
    expect(plain.body.data.needs).toEqual([expect.objectContaining({ name: 'Courses' })]);

    const gzipped = await read(village.id, creator.token, 'gzip');
    expect(gzipped.encoding).toBe('gzip');
    expect(gzipped.body).toEqual(plain.body);

    // The Brotli copy is made once the view is ready: gzip until then, Brotli after.
    let brotli = await read(village.id, creator.token, 'gzip, deflate, br');
    for (let i = 0; i < 50 && brotli.encoding !== 'br'; i++) {
      expect(brotli.encoding).toBe('gzip');
      await new Promise((r) => setTimeout(r, 20));
      brotli = await read(village.id, creator.token, 'gzip, deflate, br');
    }
    expect(brotli.encoding).toBe('br');
    expect(brotli.body).toEqual(plain.body);
    expect(new Set([plain.etag, gzipped.etag, brotli.etag]).size).toBe(1);
    expect(brotli.vary).toBe('Accept-Encoding');
  });
});
