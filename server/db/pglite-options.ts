import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's start, as `npm start` and the tests open it. Its shared buffers are 32 MB, not PostgreSQL's default
 * 128: PGlite's WebAssembly zeroes the whole shared memory at every start (a memset of 92 ms on this 2-core
 * machine for 128 MB, 14 ms for 16 MB, in a CPU profile of `PGlite.create`), and the embedded database of one
 * instance is small; pages not held are read back from the data directory's files.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export function pgliteOptions(extra: Partial<PGliteOptions> = {}): PGliteOptions {
  return { ...extra, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
}
