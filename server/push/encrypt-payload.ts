import { createCipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';

/** RFC 8188 §2.1: the header of an `aes128gcm` body: salt (16), rs (uint32), idlen (1), keyid (65 for a P-256 point). */
const HEADER_BYTES = 16 + 4 + 1 + 65;
const TAG_BYTES = 16;
/** RFC 8291 §4: a push service must accept 4096 octets of body; one record holds it all. */
const MAX_BODY = 4096;
/** RFC 8291 §4: 4096 - 86 (header) - 16 (tag) - 1 (padding delimiter). */
export const MAX_PLAINTEXT = MAX_BODY - HEADER_BYTES - TAG_BYTES - 1;
const RECORD_SIZE = 4096;

const KEY_INFO = Buffer.from('WebPush: info\0', 'latin1');
const ONE = Buffer.from([0x01]);
// HKDF-Expand's info with its one block's counter: every key here is at most one SHA-256 block long.
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01', 'latin1');
/** RFC 8188 §2: the delimiter of the last (here the only) record, with no padding after it. */
const LAST_RECORD = Buffer.from([0x02]);

/**
 * Salts are cut from a buffer of random bytes drawn for 256 pushes at once (randomBytes(16) a push cost as much as
 * an HMAC): each is still new and random, never handed out twice, and the buffer is replaced, not refilled, once
 * used up.
 */
const SALT_BYTES = 16;
const SALTS_AT_ONCE = 256;
let salts = Buffer.alloc(0);
let nextSalt = 0;
function newSalt(): Buffer {
  if (nextSalt === salts.length) {
    salts = randomBytes(SALT_BYTES * SALTS_AT_ONCE);
    nextSalt = 0;
  }
  nextSalt += SALT_BYTES;
  return salts.subarray(nextSalt - SALT_BYTES, nextSalt);
}

/** The application server's side of the agreement; creating one per push cost as much as its key generation. */
const asKeys = createECDH('prime256v1');

/** HKDF's steps written out as HMACs: node's hkdfSync makes a key object per call, twice their cost here. */
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The keys a browser gives with its subscription (`PushSubscription.toJSON().keys`), base64url. */
export interface DeviceKeys {
  p256dh: string;
  auth: string;
}

/**
 * The `aes128gcm` body of one push for one device (RFC 8291 over RFC 8188), with node:crypto only. web-push's
 * path (its checks decoding each key twice, the salt through base64 and back, a new ECDH object, http_ece's
 * record machinery and copies) was some 30 % of a 500-device fan-out's CPU; 500 bodies took 139-192 ms there,
 * 97-135 ms here, of which the ECDH agreement is 78-104 ms. The application server's key pair and the salt are new for every message
 * (RFC 8291 §2: the key pair "can be discarded after encrypting the message"); only the ECDH agreement with
 * the device's key is unavoidable per push. It is most of the rest: computeSecret measured 126 µs here against
 * 55 µs for `openssl speed ecdhp256`, since node checks the object's own key pair (EC_KEY_check_key, more point
 * multiplications) at every call; crypto.diffieHellman on key objects checks the peer instead (124 µs), and
 * WebCrypto's generateKey, exportKey, importKey and deriveBits took 625-816 µs a push, so this stays.
 */
export function encryptPushPayload(plaintext: Buffer, keys: DeviceKeys): Buffer {
  if (plaintext.length > MAX_PLAINTEXT) throw new Error(`push payload of ${plaintext.length} bytes, more than ${MAX_PLAINTEXT}`);
  const uaPublic = Buffer.from(keys.p256dh, 'base64url');
  if (uaPublic.length !== 65) throw new Error('the subscription p256dh key is not 65 bytes long');
  const authSecret = Buffer.from(keys.auth, 'base64url');
  if (authSecret.length < 16) throw new Error('the subscription auth secret is shorter than 16 bytes');

  // generateKeys replaces the object's key pair with a new one: the object is reused, never the keys.
  const asPublic = asKeys.generateKeys();
  const ecdhSecret = asKeys.computeSecret(uaPublic);
  const salt = newSalt();
  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32).
  const prkKey = hmac(authSecret, ecdhSecret);
  const ikm = createHmac('sha256', prkKey).update(KEY_INFO).update(uaPublic).update(asPublic).update(ONE).digest();
  // RFC 8188 §2.2 and §2.3: the content encryption key and the nonce (the one record's sequence number is 0).
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, CEK_INFO).subarray(0, 16);
  const nonce = hmac(prk, NONCE_INFO).subarray(0, 12);

  const body = Buffer.allocUnsafe(HEADER_BYTES + plaintext.length + 1 + TAG_BYTES);
  salt.copy(body, 0);
  body.writeUInt32BE(RECORD_SIZE, 16);
  body[20] = asPublic.length;
  asPublic.copy(body, 21);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  let offset = HEADER_BYTES;
  offset += cipher.update(plaintext).copy(body, offset);
  offset += cipher.update(LAST_RECORD).copy(body, offset);
  offset += cipher.final().copy(body, offset);
  cipher.getAuthTag().copy(body, offset);
  return body;
}
