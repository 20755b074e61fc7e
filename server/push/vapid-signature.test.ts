import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import type { Delivery } from './compose';
import type { PushRequest } from './push-message';
import { sendToDevice } from './send';
import { createVapidSigner, VAPID_LIFETIME_S, VAPID_RENEW_BEFORE_S } from './vapid-signature';

const SUBJECT = 'mailto:equipe@exemple.fr';
const HOUR_MS = 3600_000;

/** A clock that only moves when told; it starts at the real time, as web-push refuses an `exp` past a day from it. */
function manualClock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Splits `vapid t=<jwt>, k=<key>`, checks the ES256 signature against k with node:crypto, and answers the claims. */
function verifiedClaims(authorization: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, header, claims, signature, k] = match;
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const valid = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  return {
    valid,
    k,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; typ: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  };
}

describe('VAPID signature per push service', () => {
  it('signs once for every device of one push service and again for another service', async () => {
    const keys = webpush.generateVAPIDKeys();
    const sign = createVapidSigner({ subject: SUBJECT, now: manualClock().now });
    const first = await sign('https://fcm.googleapis.com/fcm/send/abc', keys);
    const second = await sign('https://fcm.googleapis.com/fcm/send/def', keys);
    const other = await sign('https://updates.push.services.mozilla.com/wpush/v2/xyz', keys);
    // ECDSA signatures are randomised: a second signing of the same claims would not give the same text.
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    expect(verifiedClaims(first).claims.aud).toBe('https://fcm.googleapis.com');
    expect(verifiedClaims(other).claims.aud).toBe('https://updates.push.services.mozilla.com');
  });

  it('signs once when a whole fan-out asks at the same moment', async () => {
    const keys = webpush.generateVAPIDKeys();
    const sign = createVapidSigner({ subject: SUBJECT, now: manualClock().now });
    const headers = await Promise.all(Array.from({ length: 50 }, (_, i) => sign(`https://web.push.apple.com/device-${i}`, keys)));
    expect(new Set(headers).size).toBe(1);
  });

  it('carries the push service as audience, the contact as subject and an expiry at most 12 h ahead, verified by the public key', async () => {
    const keys = webpush.generateVAPIDKeys();
    const clock = manualClock();
    const sign = createVapidSigner({ subject: SUBJECT, now: clock.now });
    const { valid, k, header, claims } = verifiedClaims(await sign('https://push.example.net:8443/p/1?x=1', keys));
    expect(valid).toBe(true);
    expect(k).toBe(keys.publicKey);
    expect(header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(claims.aud).toBe('https://push.example.net:8443');
    expect(claims.sub).toBe(SUBJECT);
    const nowS = Math.floor(clock.now() / 1000);
    expect(claims.exp).toBeGreaterThan(nowS + 11 * 3600);
    expect(claims.exp).toBeLessThanOrEqual(nowS + 12 * 3600);
    // Another key pair's signature does not pass for this one.
    const otherKey = webpush.generateVAPIDKeys().publicKey;
    expect(verifiedClaims((await sign('https://push.example.net:8443/p/2', keys)).replace(keys.publicKey, otherKey)).valid).toBe(false);
  });

  it('keeps the signature until an hour before it expires, then signs a new one', async () => {
    const keys = webpush.generateVAPIDKeys();
    const clock = manualClock();
    const sign = createVapidSigner({ subject: SUBJECT, now: clock.now });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    const first = await sign(endpoint, keys);
    const renewAfterMs = (VAPID_LIFETIME_S - VAPID_RENEW_BEFORE_S) * 1000;
    clock.advance(renewAfterMs - 1000);
    expect(await sign(endpoint, keys)).toBe(first);
    clock.advance(1000);
    const renewed = await sign(endpoint, keys);
    expect(renewed).not.toBe(first);
    expect(verifiedClaims(renewed).valid).toBe(true);
    expect(verifiedClaims(renewed).claims.exp - verifiedClaims(first).claims.exp).toBe(renewAfterMs / 1000);
    clock.advance(HOUR_MS);
    expect(await sign(endpoint, keys)).toBe(renewed);
  });

  it('signs afresh with a new key pair', async () => {
    const sign = createVapidSigner({ subject: SUBJECT, now: manualClock().now });
    const before = await sign('https://fcm.googleapis.com/fcm/send/abc', webpush.generateVAPIDKeys());
    const newKeys = webpush.generateVAPIDKeys();
    const after = await sign('https://fcm.googleapis.com/fcm/send/abc', newKeys);
    expect(after).not.toBe(before);
    expect(verifiedClaims(after)).toMatchObject({ valid: true, k: newKeys.publicKey });
  });

  it('keeps only the most recent origins past its cap', async () => {
    const keys = webpush.generateVAPIDKeys();
    const sign = createVapidSigner({ subject: SUBJECT, now: manualClock().now, maxOrigins: 2 });
    const a = await sign('https://a.example.net/1', keys);
    const b = await sign('https://b.example.net/1', keys);
    const c = await sign('https://c.example.net/1', keys);
    expect(await sign('https://c.example.net/2', keys)).toBe(c);
    expect(await sign('https://b.example.net/2', keys)).toBe(b);
    // a was the oldest when c came: signed again.
    expect(await sign('https://a.example.net/2', keys)).not.toBe(a);
  });
});

describe('sendToDevice', () => {
  it('sends every device of a push service the same signature, each with a payload encrypted for it', async () => {
    const keys = webpush.generateVAPIDKeys();
    const sign = createVapidSigner({ subject: SUBJECT });
    const sent: PushRequest[] = [];
    const post = async (_endpoint: string, request: PushRequest) => (sent.push(request), { status: 201, retryAfter: null });
    const device = (id: string) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });
    const delivery: Delivery = {
      userId: 'u',
      payload: { kind: 'message', title: 'Banc', body: 'Bonjour', url: '/', tag: 'chat', village_id: 'v' },
      ttl: 60,
      urgency: 'normal',
    };
    expect(await sendToDevice(post, keys, sign, device('one'), delivery)).toEqual({ status: 201 });
    expect(await sendToDevice(post, keys, sign, device('two'), delivery)).toEqual({ status: 201 });
    expect(sent[1].headers.Authorization).toBe(sent[0].headers.Authorization);
    expect(verifiedClaims(sent[0].headers.Authorization)).toMatchObject({ valid: true, claims: { aud: 'https://fcm.googleapis.com' } });
    expect(sent[0].headers['Content-Encoding']).toBe('aes128gcm');
    expect(sent[1].body).not.toEqual(sent[0].body);
  });
});
