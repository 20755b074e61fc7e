/**
 * Whether this browser can use passkeys at all (WebAuthn). Kept apart from the ceremonies, which load
 * SimpleWebAuthn's browser side: the sign-in screens ask this first and load the rest only when asked.
 */
export const passkeysSupported = (): boolean => typeof globalThis.PublicKeyCredential === 'function';
