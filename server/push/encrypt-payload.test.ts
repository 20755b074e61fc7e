/**
 * The push body made with node:crypto (encrypt-payload.ts) opens for its device, with the device's private
 * key, through the push service stand-in's own decryption written step by step from RFC 8291 and RFC 8188
 * (tests/support/push-service.ts), and for no other device.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPushPayload } from '../../tests/support/push-service';
import { encryptPushPayload, MAX_PLAINTEXT } from './encrypt-payload';

/** A browser's subscription keys, and what it keeps to itself. */
function device() {
  const uaKeys = createECDH('prime256v1');
  const publicKey = uaKeys.generateKeys();
  const authSecret = randomBytes(16);
  return { uaKeys, authSecret, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } };
}

const payload = Buffer.from(JSON.stringify({ title: 'Village de Jeanne', body: 'Léa\u00a0: à demain\u00a0!' }));

describe('encryptPushPayload', () => {
  it('makes a body its device decrypts back to the payload, in one aes128gcm record of 4096', () => {
    const phone = device();
    const body = encryptPushPayload(payload, phone.keys);
    expect(decryptPushPayload({ body, uaKeys: phone.uaKeys, authSecret: phone.authSecret })).toEqual(payload);
    // RFC 8188 §2.1 header: salt, rs, then the application server's public key as keyid.
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(body[21]).toBe(0x04);
    expect(body.length).toBe(86 + payload.length + 1 + 16);
  });

  it('uses a new key pair and salt for every message, even the same payload to the same device', () => {
    const phone = device();
    const first = encryptPushPayload(payload, phone.keys);
    const second = encryptPushPayload(payload, phone.keys);
    expect(second.subarray(0, 16)).not.toEqual(first.subarray(0, 16));
    expect(second.subarray(21, 86)).not.toEqual(first.subarray(21, 86));
    expect(decryptPushPayload({ body: second, uaKeys: phone.uaKeys, authSecret: phone.authSecret })).toEqual(payload);
  });

  it('does not open with another device’s keys, nor with its key and another auth secret', () => {
    const phone = device();
    const other = device();
    const body = encryptPushPayload(payload, phone.keys);
    expect(() => decryptPushPayload({ body, uaKeys: other.uaKeys, authSecret: other.authSecret })).toThrow(/authentication failed/);
    expect(() => decryptPushPayload({ body, uaKeys: phone.uaKeys, authSecret: other.authSecret })).toThrow(/authentication failed/);
  });

  it('takes the largest payload a push service must accept, and refuses one byte more or broken keys', () => {
    const phone = device();
    const largest = randomBytes(MAX_PLAINTEXT);
    const body = encryptPushPayload(largest, phone.keys);
    expect(body.length).toBe(4096);
    expect(decryptPushPayload({ body, uaKeys: phone.uaKeys, authSecret: phone.authSecret })).toEqual(largest);
    expect(() => encryptPushPayload(randomBytes(MAX_PLAINTEXT + 1), phone.keys)).toThrow(/more than 3993/);
    expect(() => encryptPushPayload(payload, { ...phone.keys, p256dh: phone.keys.p256dh.slice(4) })).toThrow(/65 bytes/);
    expect(() => encryptPushPayload(payload, { ...phone.keys, auth: randomBytes(8).toString('base64url') })).toThrow(/16 bytes/);
  });
});
