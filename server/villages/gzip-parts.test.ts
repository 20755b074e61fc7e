import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipParts, partBytes, type AnswerPart, type KeptPart } from './gzip-parts';

/** What a browser does with the answer: the platform's own gzip decoder, as a stream. */
async function decodedByStream(gzipped: Buffer) {
  const stream = new Blob([new Uint8Array(gzipped)]).stream().pipeThrough(new DecompressionStream('gzip'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const LEVEL = { level: 5 };
const gzipOf = async (parts: AnswerPart[]) => {
  const whole = Buffer.concat(parts.map(partBytes));
  return { whole, gzipped: await gzipParts(parts, whole, LEVEL) };
};
/** Helps as JSON, alike as a village's are (the same ids of needs and helpers over and over). */
const helpsJson = (from: number, count: number) =>
  Buffer.from(
    Array.from({ length: count }, (_, i) =>
      JSON.stringify({ id: `aide-${from + i}`, need: `besoin-${(from + i) % 7}`, note: `Courses à Mâcon n° ${(from + i) % 37}` }),
    ).join(','),
  );

describe('an answer gzipped from parts compressed apart', () => {
  it('decodes to the parts laid end to end, with zlib and with a DecompressionStream, about as small as one pass', async () => {
    const chunks: KeptPart[] = [{ bytes: helpsJson(0, 700) }, { bytes: helpsJson(700, 300) }, { bytes: helpsJson(1000, 900) }];
    const parts = [
      Buffer.from('{"data":{"name":"Les Tilleuls","helps":['),
      chunks[0],
      Buffer.from(','),
      chunks[1],
      Buffer.from(','),
      chunks[2],
      Buffer.from(']}}'),
    ];
    const { whole, gzipped } = await gzipOf(parts);
    expect(gunzipSync(gzipped).equals(whole)).toBe(true);
    expect((await decodedByStream(gzipped)).equals(whole)).toBe(true);
    // Each segment refers back into the window before it, as one pass would: a few bytes a boundary more.
    expect(gzipped.length).toBeLessThan(gzipSync(whole, LEVEL).length * 1.02);
  });

  it('reuses a kept part’s segment while the bytes before it are the same, and makes it again when they change', async () => {
    const helps: KeptPart = { bytes: helpsJson(0, 400) };
    const first = await gzipOf([Buffer.from('{"v":1,"h":['), helps, Buffer.from(']}')]);
    const segment = helps.segment;
    const again = await gzipOf([Buffer.from('{"v":1,"h":['), helps, Buffer.from('],"x":0}')]);
    expect(helps.segment).toBe(segment);
    // Another head within the window before it: its references would point at other bytes.
    const moved = await gzipOf([Buffer.from('{"v":2,"longer":"head","h":['), helps, Buffer.from(']}')]);
    expect(helps.segment).not.toBe(segment);
    for (const { whole, gzipped } of [first, again, moved]) expect(gunzipSync(gzipped).equals(whole)).toBe(true);
    expect(JSON.parse(gunzipSync(moved.gzipped).toString())).toMatchObject({ v: 2, longer: 'head' });
  });

  it('keeps the segment of a part whose window lies wholly in an unchanged part before it', async () => {
    const a: KeptPart = { bytes: helpsJson(0, 1_000) };
    const b: KeptPart = { bytes: helpsJson(1_000, 200) };
    expect(a.bytes.length).toBeGreaterThan(32 * 1024);
    await gzipOf([Buffer.from('{"v":1,"h":['), a, Buffer.from(','), b, Buffer.from(']}')]);
    const [segmentA, segmentB] = [a.segment, b.segment];
    const { whole, gzipped } = await gzipOf([Buffer.from('{"v":2,"h":['), a, Buffer.from(','), b, Buffer.from(']}')]);
    expect(a.segment).not.toBe(segmentA);
    expect(b.segment).toBe(segmentB);
    expect(gunzipSync(gzipped).equals(whole)).toBe(true);
    expect((await decodedByStream(gzipped)).equals(whole)).toBe(true);
  });

  it('holds empty parts and incompressible ones larger than the deflate window, with the right CRC and size', async () => {
    const parts = [
      Buffer.alloc(0),
      randomBytes(300_000),
      Buffer.from('fin'),
      { bytes: Buffer.alloc(0) },
      { bytes: randomBytes(70_000) },
      Buffer.from(','),
      Buffer.from('x'.repeat(64)),
      Buffer.from('y'.repeat(65)),
    ];
    const { whole, gzipped } = await gzipOf(parts);
    // gunzip checks the trailer's CRC and size: a wrong one throws.
    expect(gunzipSync(gzipped).equals(whole)).toBe(true);
    expect((await decodedByStream(gzipped)).equals(whole)).toBe(true);
  });
});
