/**
 * The push services of `npm run bench:push`: a child process answering 201 to every push on ORIGINS ports of
 * plain HTTP and, when `openssl` can make a certificate, ORIGINS ports of HTTPS speaking HTTP/2 and HTTP/1.1 by
 * ALPN (as real push services: FCM, Mozilla, Apple, Microsoft) and ORIGINS of HTTPS speaking HTTP/1.1 only.
 * Their work is in the child, so not counted in the bench's CPU.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1 in a new directory, or null without `openssl`. */
export function makeCertificate(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'bench-push-'));
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'];
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  try {
    execFileSync('openssl', [...args, ...subject, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return dir;
  } catch {
    return null;
  }
}

export const certificatePath = (dir: string) => join(dir, 'cert.pem');

/** Starts the services; `https` and `https1` are empty when no certificate directory is given. */
export async function startPushServices(origins: number, certificateDir: string | null) {
  const script = `
    const fs = require('node:fs');
    const answer = (req, res) => { req.resume(); req.on('end', () => { res.statusCode = 201; res.end(); }); };
    const h2 = (options) => require('node:http2').createSecureServer({ ...options, allowHTTP1: true }, answer);
    const tls = ${JSON.stringify(certificateDir)};
    const options = tls && { key: fs.readFileSync(tls + '/key.pem'), cert: fs.readFileSync(tls + '/cert.pem') };
    const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
    (async () => {
      const http = [], https = [], https1 = [];
      for (let i = 0; i < ${origins}; i++) http.push(await listen(require('node:http').createServer(answer)));
      if (options) for (let i = 0; i < ${origins}; i++) https.push(await listen(h2(options)));
      if (options) for (let i = 0; i < ${origins}; i++) https1.push(await listen(require('node:https').createServer(options, answer)));
      console.log(JSON.stringify({ http, https, https1 }));
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const ports = JSON.parse(line.toString()) as { http: number[]; https: number[]; https1: number[] };
  return {
    http: ports.http.map((port) => `http://127.0.0.1:${port}`),
    https: ports.https.map((port) => `https://127.0.0.1:${port}`),
    https1: ports.https1.map((port) => `https://127.0.0.1:${port}`),
    stop: () => child.kill(),
  };
}
