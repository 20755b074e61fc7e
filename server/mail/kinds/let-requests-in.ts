/**
 * A producer's long loops (thousands of needs or mails, synchronous JavaScript) give the event loop back every
 * `SLICE` turns: the requests that came meanwhile are answered between slices rather than after the whole loop,
 * which at 3,000 villages was more than a second (`npm run bench:digests` prints how long a request waited
 * during each run).
 */
const SLICE = 200;

/** Awaited at each turn of a loop: every SLICE-th turn lets the requests waiting in (setImmediate runs after I/O). */
export function sliced() {
  let turns = 0;
  return (): Promise<void> | undefined => (++turns % SLICE === 0 ? new Promise<void>((resolve) => setImmediate(resolve)) : undefined);
}
