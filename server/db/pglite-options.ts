import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's start, as `npm start` and the tests open it, with a small shared memory: 12 MB instead of the 42 MB
 * that 32 MB of shared buffers and 100 connections made. PGlite's WebAssembly zeroes the whole shared memory at
 * every start: with 42 MB that memset alone was 160–270 ms of a CPU profile of `PGlite.create`, and `npm start`
 * took about 170 ms longer than with 12 MB (`npm run bench:start`, alternated). The embedded database of one
 * instance is small; pages not held are read back from the data directory's files, which the system keeps in
 * its own cache.
 */
export const PGLITE_SHARED_BUFFERS = '8MB';
/**
 * PGlite runs PostgreSQL in single-user mode: one backend, whatever this says. PostgreSQL still sizes its lock
 * and process tables for `max_connections` (3 MB of the shared memory at 100); a few is all one backend needs,
 * and it must stay above `superuser_reserved_connections` (3).
 */
export const PGLITE_MAX_CONNECTIONS = '5';

export function pgliteOptions(extra: Partial<PGliteOptions> = {}): PGliteOptions {
  return {
    ...extra,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
      '-c',
      `max_connections=${PGLITE_MAX_CONNECTIONS}`,
    ],
  };
}
