import * as v from 'valibot';
import { messages } from './form-messages';

/**
 * Passkeys (WebAuthn): what the app and the server exchange to register one and to sign in with one, and the
 * French texts the server answers with. Imported by path, never from the contract's index: the login screen,
 * the first most people see, loads it only once someone asks to sign in with a passkey (`npm run bench:size`).
 *
 * The browser's answers are checked here only for their shape and size; what they prove is checked by
 * SimpleWebAuthn on the server.
 */

/** Enough for a family's phones, tablets and computers; a cap so that no account grows without bound. */
export const MAX_PASSKEYS = 20;

/** A base64url string from the authenticator, of a bounded length (an attestation with a certificate chain is a few KB). */
const b64url = (max: number) =>
  v.pipe(v.string(messages.wrongType), v.maxLength(max, messages.maxLength(max)), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, messages.wrongType));

const credential = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: v.literal('public-key', messages.wrongType),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'], messages.wrongType)),
};

/** How the authenticator can be reached; kept as given, as browsers add new ones ("hybrid" came later). */
const transports = v.optional(
  v.pipe(
    v.array(v.pipe(v.string(messages.wrongType), v.maxLength(20, messages.maxLength(20))), messages.wrongType),
    v.maxLength(10, messages.maxLength(10)),
  ),
);

/** `navigator.credentials.create()`'s answer, as SimpleWebAuthn's browser side serialises it. */
export const PasskeyRegistration = v.object({
  ...credential,
  response: v.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16000),
    authenticatorData: v.optional(b64url(4000)),
    publicKey: v.optional(b64url(4000)),
    publicKeyAlgorithm: v.optional(v.number(messages.wrongType)),
    transports,
  }),
});

/** `navigator.credentials.get()`'s answer, as SimpleWebAuthn's browser side serialises it. */
export const PasskeyAssertion = v.object({
  ...credential,
  response: v.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(2000),
    userHandle: v.optional(b64url(200)),
  }),
});

export const AddPasskeyInput = v.object({ response: PasskeyRegistration });
export type AddPasskeyInput = v.InferInput<typeof AddPasskeyInput>;

export const PasskeySignInInput = v.object({ response: PasskeyAssertion });
export type PasskeySignInInput = v.InferInput<typeof PasskeySignInInput>;

/**
 * The options the browser is given (WebAuthn's `PublicKeyCredentialCreationOptionsJSON` or
 * `…RequestOptionsJSON`): made by SimpleWebAuthn on the server and read by its browser side, so only the
 * challenge is checked here.
 */
export const PasskeyOptions = v.looseObject({ challenge: v.string() });

/** A passkey of the account, as Mon compte lists it. */
export const Passkey = v.object({
  id: v.string(),
  /** Where it was made, from the browser that made it ("Chrome · Android"). */
  name: v.string(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
});
export type Passkey = v.InferOutput<typeof Passkey>;

export const passkeyTexts = {
  notVerified: "La clé d'accès n'a pas pu être vérifiée. Réessayez.",
  expired: 'La demande a expiré. Réessayez.',
  unknown: "Cette clé d'accès n'est pas reconnue\u00a0: elle a peut-être été supprimée. Connectez-vous avec votre e-mail.",
  alreadyAdded: "Cette clé d'accès est déjà enregistrée sur votre compte.",
  tooMany: `Votre compte a déjà ${MAX_PASSKEYS} clés d'accès\u00a0: supprimez-en une pour en ajouter une autre.`,
  notFound: "Cette clé d'accès n'existe pas ou a déjà été supprimée.",
} as const;
