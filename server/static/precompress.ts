import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The build's text files: the images it holds (PNG, WebP, WOFF2) are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/;

/** Whether the build has compressed copies of the file at this path, or would have had them but for their size. */
export const hasCopies = (path: string) => TEXT.test(path);

/**
 * Each made once per build at the slowest, smallest setting, since every visitor downloads the result; the
 * server picks one by the request's Accept-Encoding (server/static/pwa.ts), Brotli first.
 */
const ENCODINGS = [
  {
    suffix: '.br',
    compress: (data: Buffer) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz', compress: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

export type Precompressed = { files: number; bytes: number; br: number; gzip: number };

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of a build. A copy no smaller than its original is
 * not kept (the server then sends the original), nor one left by an earlier build over the same directory.
 */
export async function precompressBuild(dir: string): Promise<Precompressed> {
  const texts = (await filesUnder(dir)).filter((path) => TEXT.test(path));
  const totals: Precompressed = { files: texts.length, bytes: 0, br: 0, gzip: 0 };
  // The zlib calls run on libuv's thread pool: all files at once use every core.
  await Promise.all(
    texts.map(async (path) => {
      const data = await readFile(path);
      totals.bytes += data.length;
      const [br, gz] = await Promise.all(
        ENCODINGS.map(async ({ suffix, compress }) => {
          const copy = await compress(data);
          if (copy.length < data.length) await writeFile(path + suffix, copy);
          else await rm(path + suffix, { force: true });
          return Math.min(copy.length, data.length);
        }),
      );
      totals.br += br;
      totals.gzip += gz;
    }),
  );
  return totals;
}
