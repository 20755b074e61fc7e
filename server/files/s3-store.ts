import aws4 from 'aws4';
import type { FileStore } from './store';

const PHOTO_KEY = /^[a-z0-9-]+\.webp$/;

/**
 * Photos in an S3-compatible bucket (AWS, MinIO, Garage, Scaleway, OVH…), named by `S3_URL`:
 * `https://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…]`, path-style. Each request is signed with
 * AWS Signature V4 (the `aws4` package) and sent with fetch; the server still answers `/uploads/{key}`
 * itself, so the app's addresses and cache headers are the same whichever store holds the bytes.
 */
export function createS3Store(s3Url: string): FileStore {
  const url = new URL(s3Url);
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket) throw new Error('S3_URL names no bucket');
  const region = url.searchParams.get('region') ?? 'us-east-1';
  const credentials = { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) };

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer) {
    const path = `/${bucket}/${encodeURIComponent(key)}`;
    const signed = aws4.sign(
      { host: url.host, path, method, service: 's3', region, body, headers: body ? { 'Content-Type': 'image/webp' } : {} },
      credentials,
    );
    const headers = Object.fromEntries(
      // fetch writes Host and Content-Length itself, with the values that were signed.
      Object.entries(signed.headers ?? {})
        .filter(([name]) => !/^(host|content-length)$/i.test(name))
        .map(([name, value]) => [name, String(value)]),
    );
    return fetch(`${url.protocol}//${url.host}${path}`, { method, headers, body: body ? new Uint8Array(body) : undefined });
  }

  const fail = async (what: string, res: Response) => new Error(`S3 ${what}: ${res.status} ${(await res.text()).slice(0, 200)}`);

  return {
    async put(key, data) {
      const res = await send('PUT', key, data);
      if (!res.ok) throw await fail(`put ${key}`, res);
    },
    async get(key) {
      // Only keys this server makes can exist; anything else is not sent to the bucket at all.
      if (!PHOTO_KEY.test(key)) return null;
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw await fail(`get ${key}`, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await fail(`remove ${key}`, res);
    },
  };
}
