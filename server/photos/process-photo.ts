import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { messages } from '../../src/contract/form-messages';
import { MAX_PHOTO_BYTES } from '../../src/contract/photo-rules';
import { HttpError, invalid, text } from '../http/errors';

export { MAX_PHOTO_BYTES };
const MAX_SIDE = 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const WRONG_TYPE = text.photoWrongType;
const TOO_BIG = text.photoTooBig;

/** Reads the multipart body: the `photo` file, and the other fields as strings. */
export async function readPhotoForm(c: Context): Promise<{ photo: Buffer; fields: Record<string, string> }> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw invalid([{ field: 'photo', message: messages.required }]);
  }
  const file = form.photo;
  if (!(file instanceof File)) throw invalid([{ field: 'photo', message: messages.required }]);
  if (file.size > MAX_PHOTO_BYTES) throw new HttpError(413, TOO_BIG, [{ field: 'photo', message: TOO_BIG }]);
  const fields = Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { photo: Buffer.from(await file.arrayBuffer()), fields };
}

/**
 * Checks what the bytes are (never the name or the announced type), then re-encodes to WebP of at most
 * 1024 px: the copy stored holds no EXIF, no location, nothing the original carried but the picture.
 */
export async function processPhoto(input: Buffer): Promise<{ key: string; data: Buffer }> {
  // sharp (a native library and its checks, some 100 ms) is loaded with the first photo, not at the server's
  // start, which `npm run bench:start` times.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw invalid([{ field: 'photo', message: WRONG_TYPE }]);
  try {
    const data = await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { key: `${randomUUID()}.webp`, data };
  } catch {
    throw invalid([{ field: 'photo', message: WRONG_TYPE }]);
  }
}
