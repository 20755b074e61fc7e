import { promisify } from 'node:util';
import { constants, crc32, deflateRaw as deflateRawCb } from 'node:zlib';

const deflateRaw = promisify(deflateRawCb);

/**
 * A stretch of an answer kept between builds (a village's helps), with its deflate segment once made: a
 * view rebuilt around an unchanged stretch compresses only what is around it.
 */
export interface KeptPart {
  bytes: Buffer;
  segment?: Promise<Buffer>;
}

export type AnswerPart = Buffer | KeptPart;

export const partBytes = (part: AnswerPart): Buffer => (Buffer.isBuffer(part) ? part : part.bytes);

// Magic, deflate, no flags, no time, no extra flags, Unix (as zlib's own gzip writes it).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
// An empty fixed-Huffman block marked final: the stream's end after segments that each end on a sync flush.
const FINAL_EMPTY_BLOCK = Buffer.from([3, 0]);

/**
 * Each part compressed alone, ending on a sync flush (an empty stored block, byte-aligned, not final): its
 * back-references stay within itself, so segments made apart and laid end to end are one valid deflate
 * stream, as pigz makes its own. Against one pass over the whole, the cost is a few bytes a boundary and the
 * context lost at it (2,400 helps: 30,008 against 29,991 bytes).
 */
function segmentOf(part: AnswerPart, options: { level: number }): Promise<Buffer> {
  const segment = () => deflateRaw(partBytes(part), { ...options, finishFlush: constants.Z_SYNC_FLUSH });
  if (Buffer.isBuffer(part)) return segment();
  if (!part.segment) {
    part.segment = segment();
    // A failed compression is not kept: the next build tries again.
    part.segment.catch(() => (part.segment = undefined));
  }
  return part.segment;
}

/** The parts, in order, as one gzip member: their segments, the final block, then the CRC and size of the whole. */
export async function gzipParts(parts: AnswerPart[], options: { level: number }): Promise<Buffer> {
  const segments = await Promise.all(parts.map((part) => segmentOf(part, options)));
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    const bytes = partBytes(part);
    // Not for an empty part: once zlib has compressed an empty Buffer its data pointer may be null, and zlib's
    // crc32 of a null buffer is the initial 0, not the CRC handed in (seen on Node 20).
    if (bytes.length === 0) continue;
    crc = crc32(bytes, crc);
    size += bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the size modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...segments, FINAL_EMPTY_BLOCK, trailer]);
}
