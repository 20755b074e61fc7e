import { promisify } from 'node:util';
import { constants, crc32, deflateRaw as deflateRawCb } from 'node:zlib';

const deflateRaw = promisify(deflateRawCb);

/**
 * A stretch of an answer kept between builds (a chunk of a village's helps), with its deflate segment once
 * made and the bytes that preceded it then: a view rebuilt around an unchanged stretch, after the same bytes,
 * compresses only what changed.
 */
export interface KeptPart {
  bytes: Buffer;
  segment?: Promise<Buffer>;
  after?: Buffer;
}

export type AnswerPart = Buffer | KeptPart;

export const partBytes = (part: AnswerPart): Buffer => (Buffer.isBuffer(part) ? part : part.bytes);

// Magic, deflate, no flags, no time, no extra flags, Unix (as zlib's own gzip writes it).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
// An empty fixed-Huffman block marked final: the stream's end after segments that each end on a sync flush.
const FINAL_EMPTY_BLOCK = Buffer.from([3, 0]);
/** How far back deflate may refer: a segment is compressed with this much of what precedes it as its dictionary. */
const WINDOW = 32 * 1024;
/** A part this short (a comma, a closing bracket) is written as it is, in a stored block, without a trip to zlib. */
const STORED_UP_TO = 64;

/** A stored (uncompressed) block, not final: a header byte, the length and its complement, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/**
 * A part compressed alone, ending on a sync flush (an empty stored block, byte-aligned, not final), with the
 * window before it as its dictionary: its back-references reach only bytes that precede it in the answer, so
 * segments made apart and laid end to end are one valid deflate stream. Without the dictionary, each chunk of
 * helps started cold: 86 KB against 59 KB for 2,400 helps in one pass.
 */
function segmentOf(part: AnswerPart, before: Buffer, options: { level: number }): Promise<Buffer> {
  const bytes = partBytes(part);
  if (Buffer.isBuffer(part) && bytes.length <= STORED_UP_TO) return Promise.resolve(storedBlock(bytes));
  const segment = () =>
    deflateRaw(bytes, { ...options, finishFlush: constants.Z_SYNC_FLUSH, ...(before.length ? { dictionary: before } : {}) });
  if (Buffer.isBuffer(part)) return segment();
  if (!part.segment || !part.after?.equals(before)) {
    const made = segment();
    part.segment = made;
    part.after = Buffer.from(before);
    // A failed compression is not kept: the next build tries again.
    made.catch(() => {
      if (part.segment === made) part.segment = part.after = undefined;
    });
  }
  return part.segment;
}

/**
 * The parts, in order, as one gzip member: their segments, the final block, then the CRC and size of the
 * whole. `whole` is the parts' bytes laid end to end (the plain answer), which the dictionaries come from.
 */
export async function gzipParts(parts: AnswerPart[], whole: Buffer, options: { level: number }): Promise<Buffer> {
  let offset = 0;
  const segments = await Promise.all(
    parts.map((part) => {
      const before = whole.subarray(Math.max(0, offset - WINDOW), offset);
      offset += partBytes(part).length;
      return segmentOf(part, before, options);
    }),
  );
  const trailer = Buffer.alloc(8);
  // Over the whole at once: once zlib has compressed an empty Buffer its data pointer may be null, and zlib's
  // crc32 of a null buffer is the initial 0, not the CRC handed in (seen on Node 20).
  trailer.writeUInt32LE(crc32(whole) >>> 0, 0);
  // ISIZE is the size modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE(whole.length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...segments, FINAL_EMPTY_BLOCK, trailer]);
}
