/**
 * A load balancer with bad days, in front of one or more server instances (taken in turn): of the requests it
 * receives, a share is answered 503 with Retry-After without reaching a server, and a share is forwarded,
 * answered and committed by the server, and then the answer is lost (the client's socket closed). A server
 * that cannot be reached (killed, restarting) is a closed socket too, as a network failure. Seeded: a failing
 * run can be replayed with the seed it printed.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyOptions {
  targets: string[];
  seed: number;
  /** Share of requests answered 503 at once. */
  unavailable: number;
  /** Share of the forwarded requests whose answer is dropped after the server sent it. */
  lostAnswers: number;
  /**
   * Which requests meet the faults (all by default). The others are passed through untouched and streamed,
   * so a browser test can load the app's shell and keep its live stream through the same origin.
   */
  faultsOn?: (req: IncomingMessage) => boolean;
}

export interface LossyProxy {
  base: string;
  /** `requests` counts those that met the faults; `passedThrough` the others. */
  counts: { requests: number; unavailable: number; lostAnswers: number; unreachable: number; passedThrough: number };
  close(): Promise<void>;
}

/** mulberry32: small, seeded, good enough to pick faults. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const readAll = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Forwards as it comes, both ways; a server gone mid-answer closes the client's socket, as a network failure. */
function passThrough(req: IncomingMessage, res: ServerResponse, target: URL) {
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('error', () => req.socket.destroy());
    },
  );
  upstream.on('error', () => req.socket.destroy());
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

export async function startLossyProxy(options: ProxyOptions): Promise<LossyProxy> {
  const random = seeded(options.seed);
  const counts = { requests: 0, unavailable: 0, lostAnswers: 0, unreachable: 0, passedThrough: 0 };
  let turn = 0;
  const server = createServer(async (req, res) => {
    if (options.faultsOn && !options.faultsOn(req)) {
      counts.passedThrough++;
      return passThrough(req, res, new URL(options.targets[turn++ % options.targets.length]));
    }
    counts.requests++;
    const body = await readAll(req);
    if (random() < options.unavailable) {
      counts.unavailable++;
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
      res.end(JSON.stringify({ message: 'Le service est momentanément indisponible. Réessayez dans un instant.', http_code: 503 }));
      return;
    }
    // Until one answer is lost, every answer is: a run must meet the fault it is there for, and with some seeds
    // the few draws under the rate fell on requests a kill made unreachable (seed 57972: 48 requests, none lost).
    const loseAnswer = random() < options.lostAnswers || (options.lostAnswers > 0 && counts.lostAnswers === 0);
    const target = new URL(options.targets[turn++ % options.targets.length]);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      async (answer) => {
        const answerBody = await readAll(answer).catch(() => null);
        if (answerBody === null) return void req.socket.destroy();
        if (loseAnswer) {
          // The server has done the write and said so; the client never hears it.
          counts.lostAnswers++;
          return void req.socket.destroy();
        }
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(answerBody.length) });
        res.end(answerBody);
      },
    );
    upstream.on('error', () => {
      counts.unreachable++;
      req.socket.destroy();
    });
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
