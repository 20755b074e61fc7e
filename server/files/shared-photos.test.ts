import { mkdtemp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { photos } from '../db/schema';
import { createWorld, type TestUser } from '../test/world';
import { createDatabaseStore } from './database-store';
import { importDiskPhotos } from './import-disk-photos';

const world = await createWorld();
// Two server instances on one database, each with its own caches, both storing photos where the other reads.
const first = createApp({ ...world.deps, caches: undefined, files: createDatabaseStore(world.db) });
const second = createApp({ ...world.deps, caches: undefined, files: createDatabaseStore(world.db) });

const png = (r: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g: 90, b: 40 } } })
    .png()
    .toBuffer();

async function uploadThrough(app: typeof first, user: TestUser, data: Buffer) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
  const res = await app.request(`/v1/users/${user.id}/photo`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { photo: { original_url: string } } };
  return new URL(body.data.photo.original_url).pathname;
}

async function fetchThrough(app: typeof first, path: string) {
  const res = await app.request(path);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('photos stored where every instance reads them', () => {
  it('a photo uploaded through one instance is served by the other, with the same bytes and headers', async () => {
    const lea = await world.user('Lea');
    const path = await uploadThrough(first, lea, await png(10));

    const here = await fetchThrough(first, path);
    const there = await fetchThrough(second, path);
    expect(here.status).toBe(200);
    expect(there.status).toBe(200);
    expect(there.bytes.equals(here.bytes)).toBe(true);
    expect((await sharp(there.bytes).metadata()).format).toBe('webp');
    for (const header of ['Content-Type', 'Cache-Control']) expect(there.headers.get(header)).toBe(here.headers.get(header));
    expect(there.headers.get('Content-Type')).toBe('image/webp');
    expect(there.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('a photo replaced through one instance is gone from both, and the new one is served by both', async () => {
    const noe = await world.user('Noe');
    const old = await uploadThrough(first, noe, await png(20));
    const fresh = await uploadThrough(second, noe, await png(200));
    for (const app of [first, second]) {
      expect((await fetchThrough(app, old)).status).toBe(404);
      expect((await fetchThrough(app, fresh)).status).toBe(200);
    }
    const oldKey = old.replace('/uploads/', '');
    expect(await world.db.select().from(photos).where(eq(photos.key, oldKey))).toHaveLength(0);
  });

  it('an unknown or odd key is a 404, not an error', async () => {
    for (const path of ['/uploads/absente.webp', '/uploads/..%2F..%2Fetc%2Fpasswd', "/uploads/x'%3B--.webp"]) {
      expect((await fetchThrough(second, path)).status).toBe(404);
    }
  });
});

describe('photos left on disk by an earlier version', () => {
  it('are moved into the database at start, served by every instance, and the folder is emptied', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'village-uploads-')), 'uploads');
    await mkdir(dir);
    const key = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp';
    const bytes = await sharp(await png(120))
      .webp()
      .toBuffer();
    await writeFile(join(dir, key), bytes);
    await writeFile(join(dir, 'notes.txt'), 'pas une photo');

    const store = createDatabaseStore(world.db);
    expect(await importDiskPhotos(dir, store, pino({ level: 'silent' }))).toBe(1);
    expect(await readdir(dir)).toEqual(['notes.txt']);
    for (const app of [first, second]) {
      const served = await fetchThrough(app, `/uploads/${key}`);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(bytes)).toBe(true);
    }
    // A second start finds nothing left to move; a missing folder is no error either.
    expect(await importDiskPhotos(dir, store, pino({ level: 'silent' }))).toBe(0);
    expect(await importDiskPhotos(join(dir, 'absent'), store, pino({ level: 'silent' }))).toBe(0);
  });
});
