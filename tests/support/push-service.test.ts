import { createECDH } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { decryptPushPayload, startPushService, type FakeSubscription, type PushService } from './push-service';

const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:ops@example.org', publicKey: vapid.publicKey, privateKey: vapid.privateKey };

/** What the server does: web-push builds the request, fetch sends it. */
async function send(subscription: FakeSubscription, payload: string, options: webpush.RequestOptions = {}) {
  const details = webpush.generateRequestDetails(subscription, payload, { vapidDetails, TTL: 60, ...options });
  return sendDetails(details);
}

function sendDetails(details: webpush.RequestDetails) {
  return fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    // Copied into a plain Uint8Array because DOM's BodyInit type does not accept Buffer.
    body: details.body ? new Uint8Array(details.body) : undefined,
  });
}

let service: PushService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe('decryptPushPayload', () => {
  it('decrypts the RFC 8291 Appendix A example', () => {
    // Keys and message from RFC 8291 Appendix A; the final message is the whole aes128gcm body.
    const ua = createECDH('prime256v1');
    ua.setPrivateKey(Buffer.from('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', 'base64url'));
    expect(ua.getPublicKey().toString('base64url')).toBe(
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    );
    const body = Buffer.from(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
      'base64url',
    );
    const plaintext = decryptPushPayload({
      body,
      uaKeys: ua,
      authSecret: Buffer.from('BTBZMqHH6r4Tts7J_aSIgg', 'base64url'),
    });
    expect(plaintext.toString('utf8')).toBe('When I grow up, I want to be a watermelon');
  });
});

describe('push service', () => {
  it('receives and decrypts a real push from web-push, checking its headers and VAPID', async () => {
    service = await startPushService();
    const subscription = service.subscribe();
    expect(subscription.endpoint).toMatch(new RegExp(`^${service.origin}/push/[A-Za-z0-9_-]+$`));
    expect(Buffer.from(subscription.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);

    const text = 'Réunion à 14 h — café ☕';
    const payload = JSON.stringify({ title: text, url: '/village/1' });
    // Waiting before the push arrives exercises the "future push" path of waitFor.
    const waiting = service.waitFor((p) => p.endpoint === subscription.endpoint);
    const response = await send(subscription, payload, { TTL: 3600, urgency: 'high', topic: 'village-1' });
    expect(response.status).toBe(201);

    const push = await waiting;
    expect(push.error).toBeUndefined();
    expect(push.status).toBe(201);
    expect(push.payload).toBe(payload);
    expect(push.json).toEqual({ title: text, url: '/village/1' });
    expect(push.headers).toEqual({ ttl: 3600, urgency: 'high', topic: 'village-1' });
    expect(push.vapid?.subject).toBe('mailto:ops@example.org');
    expect(push.vapid?.audience).toBe(service.origin);
    const now = Date.now() / 1000;
    expect(push.vapid!.expires).toBeGreaterThan(now);
    expect(push.vapid!.expires).toBeLessThanOrEqual(now + 24 * 3600);
    // And the "already received" path.
    await expect(service.waitFor((p) => p.payload === payload)).resolves.toBe(push);
    expect(service.received).toEqual([push]);
  });

  it('answers 400 to a tampered body and does not decrypt it', async () => {
    service = await startPushService();
    const subscription = service.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'secret', { vapidDetails, TTL: 60 });
    const body = Buffer.from(details.body!);
    body[body.length - 20] ^= 0x01; // inside the ciphertext
    const response = await sendDetails({ ...details, body });
    expect(response.status).toBe(400);
    const push = await service.waitFor();
    expect(push.status).toBe(400);
    expect(push.payload).toBe('');
    expect(push.error).toMatch(/authentication failed/);
  });

  it('answers 403 to a JWT signed with another key than k', async () => {
    service = await startPushService();
    const subscription = service.subscribe();
    const other = webpush.generateVAPIDKeys();
    // Signed with our private key, but announcing someone else's public key in k=.
    const response = await send(subscription, 'hello', { vapidDetails: { ...vapidDetails, publicKey: other.publicKey } });
    expect(response.status).toBe(403);
    const push = await service.waitFor();
    expect(push.status).toBe(403);
    expect(push.error).toMatch(/signature/);
    expect(push.payload).toBe('');
  });

  it('refuses a missing TTL, a wrong aud and a wrong Content-Encoding', async () => {
    service = await startPushService();
    const subscription = service.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 });

    const { TTL: _ttl, ...withoutTtl } = details.headers as Record<string, string>;
    expect((await sendDetails({ ...details, headers: withoutTtl })).status).toBe(400);

    const wrongEncoding = { ...details.headers, 'Content-Encoding': 'aesgcm' };
    expect((await sendDetails({ ...details, headers: wrongEncoding })).status).toBe(400);

    // A JWT minted for another push service's origin.
    const elsewhere = webpush.generateRequestDetails({ ...subscription, endpoint: 'https://push.example.net/x' }, 'x', {
      vapidDetails,
      TTL: 60,
    });
    const wrongAud = { ...details.headers, Authorization: (elsewhere.headers as Record<string, string>).Authorization };
    expect((await sendDetails({ ...details, headers: wrongAud })).status).toBe(403);

    expect(service.received.map((p) => [p.status, p.error])).toEqual([
      [400, 'missing TTL header'],
      [400, expect.stringMatching(/Content-Encoding/)],
      [403, expect.stringMatching(/aud/)],
    ]);
    expect(service.received[2].vapid?.audience).toBe('https://push.example.net');
  });

  it('answers 410 once an endpoint is gone, and other forced statuses', async () => {
    service = await startPushService();
    const subscription = service.subscribe();
    expect((await send(subscription, 'before')).status).toBe(201);
    service.setGone(subscription.endpoint);
    const response = await send(subscription, 'after');
    expect(response.status).toBe(410);
    const gone = await service.waitFor((p) => p.status === 410);
    expect(gone.endpoint).toBe(subscription.endpoint);

    const bornGone = service.subscribe({ gone: true });
    expect((await send(bornGone, 'x')).status).toBe(410);

    service.setStatus(subscription.endpoint, 404);
    expect((await send(subscription, 'x')).status).toBe(404);
    service.setStatus(subscription.endpoint, null);
    expect((await send(subscription, 'x')).status).toBe(201);

    // An endpoint the service never issued.
    const unknown = { ...subscription, endpoint: `${service.origin}/push/unknown` };
    expect((await send(unknown, 'x')).status).toBe(404);
  });

  it('waitFor times out with a message listing what was received', async () => {
    service = await startPushService();
    const subscription = service.subscribe();
    await send(subscription, 'Bonjour');
    const started = Date.now();
    await expect(service.waitFor((p) => p.payload === 'Au revoir', 200)).rejects.toThrow(
      /no matching push within 200 ms; received 1:\n\s+201 http:\/\/127\.0\.0\.1:\d+\/push\/\S+ "Bonjour"/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
