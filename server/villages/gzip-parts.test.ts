import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipParts, type KeptPart } from './gzip-parts';

/** What a browser does with the answer: the platform's own gzip decoder, as a stream. */
async function decodedByStream(gzipped: Buffer) {
  const stream = new Blob([new Uint8Array(gzipped)]).stream().pipeThrough(new DecompressionStream('gzip'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const LEVEL = { level: 5 };

describe('an answer gzipped from parts compressed apart', () => {
  it('decodes to the parts laid end to end, with zlib and with a DecompressionStream', async () => {
    const helps: KeptPart = { bytes: Buffer.from(JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ id: i, note: `Courses à Mâcon n° ${i % 37}` })))) };
    const parts = [Buffer.from('{"data":{"name":"Les Tilleuls","helps":'), helps, Buffer.from('}}')];
    const whole = Buffer.concat([parts[0] as Buffer, helps.bytes, parts[2] as Buffer]);
    const gzipped = await gzipParts(parts, LEVEL);
    expect(gunzipSync(gzipped).equals(whole)).toBe(true);
    expect((await decodedByStream(gzipped)).equals(whole)).toBe(true);
    // A few bytes a boundary against one pass over the whole.
    expect(gzipped.length).toBeLessThan(gzipSync(whole, LEVEL).length + 64);
  });

  it('reuses a kept part’s segment in the next answer around it', async () => {
    const helps: KeptPart = { bytes: Buffer.from('[' + '{"id":1},'.repeat(500) + '{"id":2}]') };
    const first = await gzipParts([Buffer.from('{"v":1,"h":'), helps, Buffer.from('}')], LEVEL);
    const segment = helps.segment;
    const second = await gzipParts([Buffer.from('{"v":2,"longer":"head","h":'), helps, Buffer.from(',"x":0}')], LEVEL);
    expect(helps.segment).toBe(segment);
    expect(JSON.parse(gunzipSync(first).toString()).v).toBe(1);
    expect(JSON.parse(gunzipSync(second).toString())).toMatchObject({ v: 2, longer: 'head', x: 0 });
  });

  it('holds empty parts and incompressible ones larger than the deflate window, with the right CRC and size', async () => {
    const noise = randomBytes(300_000);
    const parts = [Buffer.alloc(0), noise, Buffer.from('fin'), { bytes: Buffer.alloc(0) }, { bytes: randomBytes(70_000) }];
    const whole = Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : p.bytes)));
    const gzipped = await gzipParts(parts, LEVEL);
    // gunzip checks the trailer's CRC and size: a wrong one throws.
    expect(gunzipSync(gzipped).equals(whole)).toBe(true);
    expect((await decodedByStream(gzipped)).equals(whole)).toBe(true);
  });
});
