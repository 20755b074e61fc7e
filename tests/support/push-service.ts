/**
 * A local stand-in for a Web Push service (RFC 8030), for server and browser tests.
 *
 * The server under test sends real pushes (built by the `web-push` package) to the endpoints of
 * the fake subscriptions made here. The service checks them the way a strict push service would,
 * then decrypts them itself with `node:crypto` only: RFC 8291 (Message Encryption for Web Push)
 * over the `aes128gcm` content coding of RFC 8188, and RFC 8292 (VAPID) for the Authorization
 * header. Web-push and http_ece are deliberately not used here so that this is an independent
 * check of what the server sends, not the library agreeing with itself.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The shape of `PushSubscription.toJSON()` in a browser. */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime: null;
}

/** Claims of the VAPID JWT, as sent. Only trustworthy when the push's status is 201. */
export interface VapidClaims {
  subject: string;
  audience: string;
  /** `exp`, in seconds since the epoch. */
  expires: number;
}

export interface ReceivedPush {
  endpoint: string;
  /** Decrypted UTF-8 payload; '' when the push had no body or could not be decrypted. */
  payload: string;
  /** JSON.parse(payload), or undefined when the payload is not JSON. */
  json: unknown;
  headers: { ttl: number | null; urgency: string | null; topic: string | null };
  /** Null when no JWT could be parsed from the Authorization header. */
  vapid: VapidClaims | null;
  /** What the service answered. */
  status: number;
  /** Why the push was refused (or why the forced status was answered); absent when accepted. */
  error?: string;
  receivedAt: number;
}

export interface PushService {
  /** `http://127.0.0.1:PORT`, which is also the `aud` the VAPID JWT must carry. */
  readonly origin: string;
  readonly received: ReceivedPush[];
  subscribe(opts?: { gone?: boolean }): FakeSubscription;
  /** From now on, pushes to this endpoint are answered 410 Gone (the subscription expired). */
  setGone(endpoint: string): void;
  /** From now on, pushes to this endpoint are answered `status` (e.g. 404, 429, 500); null restores normal behaviour. */
  setStatus(endpoint: string, status: number | null): void;
  /** The first push, already received or future, that matches; rejects after timeoutMs listing what arrived. */
  waitFor(predicate?: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

interface SubscriptionState {
  ecdh: ECDH;
  authSecret: Buffer;
  forcedStatus: number | null;
}

interface Waiter {
  predicate: (push: ReceivedPush) => boolean;
  resolve: (push: ReceivedPush) => void;
  reject: (error: Error) => void;
}

/** RFC 8030 §7.2: a push service must accept at least 4096 octets; real ones (FCM) refuse more. */
const MAX_BODY = 4096;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

/** A refusal: the HTTP status to answer and the reason recorded for the test. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * Decrypts an `aes128gcm` Web Push body (RFC 8291 §3.4 and RFC 8188 §2).
 * Written out step by step, with HMAC only, so that each step can be read against the RFC.
 */
export function decryptPushPayload(input: {
  body: Buffer;
  /** The user agent's ECDH key pair (its private key is what the browser keeps). */
  uaKeys: ECDH;
  authSecret: Buffer;
}): Buffer {
  const { body, uaKeys, authSecret } = input;
  // RFC 8188 §2.1 header: salt (16) | rs (uint32 BE) | idlen (1) | keyid (idlen).
  if (body.length < 21) throw new Refusal(400, `body too short for an aes128gcm header (${body.length} bytes)`);
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  // RFC 8291 §4: the keyid is the application server's uncompressed P-256 public key.
  if (idlen !== 65) throw new Refusal(400, `keyid length is ${idlen}, expected 65 (uncompressed P-256 point)`);
  if (body.length < 21 + idlen) throw new Refusal(400, 'body too short for its keyid');
  const asPublic = body.subarray(21, 21 + idlen);
  if (asPublic[0] !== 0x04) throw new Refusal(400, 'keyid is not an uncompressed P-256 point');
  const ciphertext = body.subarray(21 + idlen);
  if (rs < 18) throw new Refusal(400, `record size ${rs} is below the minimum of 18`);
  // RFC 8291 §4: an application server MUST use a single record, so one record must hold it all.
  if (ciphertext.length > rs) throw new Refusal(400, `ciphertext (${ciphertext.length} bytes) exceeds one record of rs=${rs}`);
  if (ciphertext.length < 17) throw new Refusal(400, 'record shorter than tag + padding delimiter');

  const uaPublic = uaKeys.getPublicKey();
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = uaKeys.computeSecret(asPublic);
  } catch (e) {
    throw new Refusal(400, `keyid is not a valid P-256 point: ${(e as Error).message}`);
  }

  // RFC 8291 §3.4: PRK_key = HMAC(auth_secret, ecdh_secret);
  // IKM = HMAC(PRK_key, "WebPush: info" || 0x00 || ua_public || as_public || 0x01).
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([0x01])]));
  // RFC 8188 §2.2 / §2.3: PRK = HMAC(salt, IKM); CEK and NONCE are HKDF-Expand with one block, truncated.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  // Single record: sequence number 0, so the record nonce is NONCE XOR 0 = NONCE.

  const tag = ciphertext.subarray(ciphertext.length - 16);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(tag);
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'AES-128-GCM authentication failed (wrong keys or tampered body)');
  }

  // RFC 8188 §2: plaintext || delimiter (0x02 for the last record) || zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0) throw new Refusal(400, 'record has no padding delimiter');
  if (padded[end] !== 0x02) throw new Refusal(400, `padding delimiter is 0x${padded[end].toString(16)}, expected 0x02 (last record)`);
  return padded.subarray(0, end);
}

function b64url(value: string, what: string): Buffer {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) throw new Refusal(403, `${what} is not base64url`);
  return Buffer.from(value, 'base64url');
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. Returns the claims, or throws a
 * Refusal (401 when absent, 403 when invalid, as RFC 8292 §4.2 suggests) with `claims` set
 * when the JWT could at least be parsed, so the test sees what was sent.
 */
function checkVapid(header: string | undefined, origin: string): VapidClaims {
  if (!header) throw new Refusal(401, 'missing Authorization header');
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match) throw new Refusal(401, `Authorization scheme is not "vapid": ${header.slice(0, 40)}`);
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Refusal(401, 'Authorization vapid needs both t= and k=');

  const pieces = token.split('.');
  if (pieces.length !== 3) throw new Refusal(403, 'JWT does not have three parts');
  let jwtHeader: { alg?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    jwtHeader = JSON.parse(b64url(pieces[0], 'JWT header').toString('utf8'));
    claims = JSON.parse(b64url(pieces[1], 'JWT claims').toString('utf8'));
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw new Refusal(403, 'JWT header or claims are not JSON');
  }
  const parsed: VapidClaims = {
    subject: typeof claims.sub === 'string' ? claims.sub : '',
    audience: typeof claims.aud === 'string' ? claims.aud : '',
    expires: typeof claims.exp === 'number' ? claims.exp : NaN,
  };
  const refuse = (message: string): never => {
    throw Object.assign(new Refusal(403, message), { claims: parsed });
  };

  if (jwtHeader.alg !== 'ES256') refuse(`JWT alg is ${JSON.stringify(jwtHeader.alg)}, expected "ES256"`);
  const point = b64url(k, 'k');
  if (point.length !== 65 || point[0] !== 0x04) refuse(`k is not an uncompressed P-256 public key (${point.length} bytes)`);
  let key;
  try {
    key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    return refuse('k is not a point on P-256');
  }
  const signature = b64url(pieces[2], 'JWT signature');
  // JWS ES256 signatures are r || s (64 bytes), not DER: hence ieee-p1363.
  const signed = Buffer.from(`${pieces[0]}.${pieces[1]}`, 'ascii');
  if (signature.length !== 64 || !verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    refuse('JWT signature does not verify against k');
  }

  if (parsed.audience !== origin) refuse(`JWT aud is ${JSON.stringify(claims.aud)}, expected "${origin}"`);
  const now = Math.floor(Date.now() / 1000);
  if (!Number.isFinite(parsed.expires)) refuse('JWT exp is missing or not a number');
  if (parsed.expires <= now) refuse(`JWT exp ${parsed.expires} is in the past (now ${now})`);
  // RFC 8292 §2: exp MUST NOT be more than 24 hours from the time of the request.
  if (parsed.expires > now + 24 * 3600) refuse(`JWT exp ${parsed.expires} is more than 24 h ahead (now ${now})`);
  if (!/^(mailto:.+|https:\/\/.+)$/.test(parsed.subject)) refuse(`JWT sub ${JSON.stringify(claims.sub)} is not a mailto: or https: URL`);
  return parsed;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function summarize(push: ReceivedPush): string {
  const payload = push.payload.length > 80 ? `${push.payload.slice(0, 80)}…` : push.payload;
  return `  ${push.status} ${push.endpoint} ${JSON.stringify(payload)}${push.error ? ` (${push.error})` : ''}`;
}

export async function startPushService(): Promise<PushService> {
  const subscriptions = new Map<string, SubscriptionState>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<Waiter>();
  let origin = '';

  function record(push: ReceivedPush) {
    received.push(push);
    for (const waiter of waiters) {
      if (waiter.predicate(push)) {
        waiters.delete(waiter);
        waiter.resolve(push);
      }
    }
  }

  async function handlePush(req: IncomingMessage, res: ServerResponse, id: string) {
    const endpoint = `${origin}/push/${id}`;
    const body = await readBody(req);
    const push: ReceivedPush = {
      endpoint,
      payload: '',
      json: undefined,
      headers: { ttl: null, urgency: null, topic: null },
      vapid: null,
      status: 201,
      receivedAt: Date.now(),
    };
    const subscription = subscriptions.get(id);
    try {
      if (!subscription) throw new Refusal(404, 'no such subscription');

      // RFC 8030 §5.2: TTL is required, a non-negative integer of seconds.
      const ttl = headerValue(req, 'ttl');
      if (ttl !== undefined && /^\d+$/.test(ttl.trim())) push.headers.ttl = Number(ttl.trim());
      const urgency = headerValue(req, 'urgency');
      if (urgency !== undefined) push.headers.urgency = urgency;
      const topic = headerValue(req, 'topic');
      if (topic !== undefined) push.headers.topic = topic;
      try {
        push.vapid = checkVapid(headerValue(req, 'authorization'), origin);
      } catch (e) {
        const claims = (e as { claims?: VapidClaims }).claims;
        if (claims) push.vapid = claims;
        throw e;
      }

      if (ttl === undefined) throw new Refusal(400, 'missing TTL header');
      if (push.headers.ttl === null) throw new Refusal(400, `TTL ${JSON.stringify(ttl)} is not a non-negative integer`);
      // RFC 8030 §5.3 and §5.4.
      if (urgency !== undefined && !URGENCIES.has(urgency))
        throw new Refusal(400, `Urgency ${JSON.stringify(urgency)} is not one of ${[...URGENCIES].join(', ')}`);
      if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
        throw new Refusal(400, `Topic ${JSON.stringify(topic)} is not 1-32 base64url characters`);

      if (body.length > 0) {
        const encoding = headerValue(req, 'content-encoding');
        if (encoding !== 'aes128gcm') throw new Refusal(400, `Content-Encoding is ${JSON.stringify(encoding)}, expected "aes128gcm"`);
        if (body.length > MAX_BODY) throw new Refusal(413, `body is ${body.length} bytes, more than ${MAX_BODY}`);
        const plaintext = decryptPushPayload({ body, uaKeys: subscription.ecdh, authSecret: subscription.authSecret });
        push.payload = new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
        try {
          push.json = JSON.parse(push.payload);
        } catch {
          push.json = undefined;
        }
      }
      if (subscription.forcedStatus !== null) {
        throw new Refusal(subscription.forcedStatus, `endpoint set to answer ${subscription.forcedStatus}`);
      }
    } catch (e) {
      // A forced status (410 Gone…) wins over validation errors, as a real service would not
      // bother checking a push for a dead subscription.
      const forced = subscription?.forcedStatus ?? null;
      if (e instanceof Refusal) {
        push.status = forced ?? e.status;
        push.error = forced !== null && e.status !== forced ? `endpoint set to answer ${forced}; also: ${e.message}` : e.message;
      } else {
        push.status = forced ?? 400;
        push.error = (e as Error).message;
      }
    }
    record(push);
    if (push.status === 201) {
      // RFC 8030 §5: the push message resource.
      res.writeHead(201, { Location: `${origin}/message/${randomBytes(8).toString('base64url')}` });
      res.end();
    } else {
      res.writeHead(push.status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(push.error);
    }
  }

  const server: Server = createServer((req, res) => {
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (!match) {
      res.writeHead(404).end('not a push endpoint');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end('push endpoints only accept POST');
      return;
    }
    handlePush(req, res, match[1]).catch((e) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function stateOf(endpoint: string): SubscriptionState {
    const prefix = `${origin}/push/`;
    const state = endpoint.startsWith(prefix) ? subscriptions.get(endpoint.slice(prefix.length)) : undefined;
    if (!state) throw new Error(`push service: unknown endpoint ${endpoint}`);
    return state;
  }

  return {
    origin,
    received,
    subscribe(opts = {}) {
      const id = randomBytes(16).toString('base64url');
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      subscriptions.set(id, { ecdh, authSecret, forcedStatus: opts.gone ? 410 : null });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        expirationTime: null,
      };
    },
    setGone(endpoint) {
      stateOf(endpoint).forcedStatus = 410;
    },
    setStatus(endpoint, status) {
      stateOf(endpoint).forcedStatus = status;
    },
    waitFor(predicate = () => true, timeoutMs = 5000) {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedPush>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const list = received.length ? received.map(summarize).join('\n') : '  (nothing)';
          reject(new Error(`push service: no matching push within ${timeoutMs} ms; received ${received.length}:\n${list}`));
        }, timeoutMs);
        const waiter: Waiter = {
          predicate,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    async close() {
      for (const waiter of waiters) waiter.reject(new Error('push service closed while waiting for a push'));
      waiters.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
