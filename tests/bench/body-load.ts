/**
 * A closed-loop load of one GET route whose answers are large (a village's tens of KB): `connections` loops,
 * each sending its next request as soon as the last answer has come in whole, for `durationS` seconds.
 *
 * Why not autocannon here: autocannon 8 (and 9) appends every answer's body to a string
 * (`req.body += data` in lib/pipelinedRequestsQueue.js), a UTF-8 decoding of each compressed body. On the
 * village read (16 KB of Brotli) that took 30 % of the bench process's time, the bench ran at 96–104 % of a
 * core and the server at 33–44 %: 4.3–4.8k req/s measured the client. undici's Pool (Node's own HTTP
 * client) drops the body undecoded: 23–25k req/s with the server at 84–89 % of its core (same server, same
 * run, alternating). The request path's figure (`/v1/health` against a bare app: small answers) stays with
 * autocannon, which keeps the server busier there than this client does.
 */
import { Pool } from 'undici';
import { percentile } from './bench-server';

export interface BodyLoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Bytes of an answer's body as sent (compressed when it was). */
  bytes: number;
}

export async function bodyLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationS: number,
): Promise<BodyLoadResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections });
  const latencies: number[] = [];
  let bytes = 0;
  const started = performance.now();
  const end = started + durationS * 1000;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const sent = performance.now();
          const answer = await pool.request({ path: target.pathname + target.search, method: 'GET', headers });
          // Read to its end whatever its size (dump's default stops at 128 KiB and drops the connection).
          await answer.body.dump({ limit: Number.MAX_SAFE_INTEGER });
          // A bench must not measure errors (as `load` in api-village.ts).
          if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
          latencies.push(performance.now() - sent);
          bytes += Number(answer.headers['content-length'] ?? 0);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    bytes: bytes / latencies.length,
  };
}
