import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for the server's tests: it answers the options the server hands out as a
 * phone would (attestation "none", ES256), so the routes are tested through SimpleWebAuthn's real checks. The
 * browser tests use Chromium's virtual authenticator instead.
 */
export function softAuthenticator(origin: string) {
  const rpID = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y.
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const credentialId = randomBytes(16);
  const id = isoBase64URL.fromBuffer(credentialId);
  let counter = 0;

  const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
  const b64 = (data: Uint8Array | string) => isoBase64URL.fromBuffer(new Uint8Array(Buffer.from(data)));
  const authData = (flags: number, extra: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, extra]);
  };
  const clientData = (type: string, challenge: string, at = origin) => JSON.stringify({ type, challenge, origin: at, crossOrigin: false });

  return {
    id,
    /** The answer of `navigator.credentials.create()` to registration options (`at`: the page's origin). */
    register(options: { challenge: string }, at = origin) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      // User present and verified, attested credential data included.
      const data = authData(0x45, Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]));
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, at)),
          attestationObject: b64(attestationObject),
          transports: ['internal' as const],
        },
      };
    },
    /** The answer of `navigator.credentials.get()` to sign-in options. */
    signIn(options: { challenge: string }, at = origin) {
      counter += 1;
      const data = authData(0x05);
      const client = clientData('webauthn.get', options.challenge, at);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signature) },
      };
    },
  };
}
