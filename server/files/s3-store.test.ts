import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import aws4 from 'aws4';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createWorld, type TestUser } from '../test/world';
import { readConfig } from '../config';
import { createS3Store } from './s3-store';

const KEYS = { accessKeyId: 'village-test', secretAccessKey: 'secret/avec+signes' };
const REGION = 'eu-west-3';

/**
 * A small S3-compatible bucket: it keeps objects in memory and, like a real one, refuses a request whose
 * AWS Signature V4 does not match what it received (method, path, signed headers, body).
 */
async function fakeBucket() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const refused: string[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const auth = req.headers.authorization ?? '';
    const signedNames = auth.match(/SignedHeaders=([^,]+)/)?.[1].split(';') ?? [];
    const headers = Object.fromEntries(signedNames.filter((n) => n !== 'host').map((n) => [n, String(req.headers[n])]));
    const expected = aws4.sign(
      {
        host: req.headers.host,
        path: req.url,
        method: req.method,
        service: 's3',
        region: REGION,
        headers,
        body: body.length ? body : undefined,
      },
      KEYS,
    );
    if (!auth || expected.headers?.Authorization !== auth) {
      refused.push(`${req.method} ${req.url}`);
      res.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    const name = req.url!;
    if (req.method === 'PUT') objects.set(name, { body, type: String(req.headers['content-type']) });
    if (req.method === 'DELETE') objects.delete(name);
    if (req.method === 'GET') {
      const found = objects.get(name);
      if (!found) return void res.writeHead(404).end('NoSuchKey');
      return void res.writeHead(200, { 'Content-Type': found.type }).end(found.body);
    }
    res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const url = `http://${KEYS.accessKeyId}:${encodeURIComponent(KEYS.secretAccessKey)}@127.0.0.1:${port}/photos-village?region=${REGION}`;
  return { url, objects, refused };
}

const bucket = await fakeBucket();
const world = await createWorld();
// Two instances on one database and one bucket.
const first = createApp({ ...world.deps, caches: undefined, files: createS3Store(bucket.url) });
const second = createApp({ ...world.deps, caches: undefined, files: createS3Store(bucket.url) });

async function uploadThrough(app: typeof first, user: TestUser, r: number) {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await app.request(`/v1/users/${user.id}/photo`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { data: { photo: { original_url: string } } }).data.photo.original_url).pathname;
}

describe('photos in an S3-compatible bucket (S3_URL)', () => {
  it('a photo uploaded through one instance is served by the other, same bytes and headers; a replaced one is deleted', async () => {
    const lea = await world.user('Lea');
    const path = await uploadThrough(first, lea, 10);
    const key = path.replace('/uploads/', '');
    expect(bucket.objects.get(`/photos-village/${key}`)?.type).toBe('image/webp');

    const here = await first.request(path);
    const there = await second.request(path);
    expect(there.status).toBe(200);
    const bytes = Buffer.from(await there.arrayBuffer());
    expect(bytes.equals(Buffer.from(await here.arrayBuffer()))).toBe(true);
    expect(bytes.equals(bucket.objects.get(`/photos-village/${key}`)!.body)).toBe(true);
    expect(there.headers.get('Content-Type')).toBe('image/webp');
    expect(there.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');

    const fresh = await uploadThrough(second, lea, 200);
    expect((await first.request(path)).status).toBe(404);
    expect((await first.request(fresh)).status).toBe(200);
    expect(bucket.objects.has(`/photos-village/${key}`)).toBe(false);
    expect(bucket.refused).toEqual([]);
  });

  it('a key the server never makes is a 404 without asking the bucket', async () => {
    expect((await second.request('/uploads/..%2Fautre-bucket%2Fsecret.webp')).status).toBe(404);
    expect((await second.request('/uploads/absente.webp')).status).toBe(404);
    expect(bucket.refused).toEqual([]);
  });

  it('wrong credentials are refused by the bucket and the upload fails without a stack', async () => {
    const wrong = createApp({ ...world.deps, caches: undefined, files: createS3Store(bucket.url.replace('village-test', 'intrus')) });
    const noe = await world.user('Noe');
    const form = new FormData();
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await wrong.request(`/v1/users/${noe.id}/photo`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${noe.token}` },
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: expect.any(String), http_code: 500 });
    expect(bucket.refused.length).toBeGreaterThan(0);
  });
});

describe('S3_URL setting', () => {
  it('must carry the key, the secret and the bucket', () => {
    expect(readConfig({ S3_URL: 'https://cle:secret@s3.exemple.fr/photos' }).s3Url).toBe('https://cle:secret@s3.exemple.fr/photos');
    expect(() => readConfig({ S3_URL: 'https://s3.exemple.fr/photos' })).toThrow('S3_URL doit porter la clé, le secret et le bucket');
    expect(() => readConfig({ S3_URL: 'https://cle:secret@s3.exemple.fr/' })).toThrow('S3_URL doit porter la clé, le secret et le bucket');
  });
});
