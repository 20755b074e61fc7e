/**
 * The French sentence for a passkey ceremony the browser ended, or null when the person chose to stop.
 * SimpleWebAuthn's errors keep the browser's DOMException name and add a `code`; both are read by shape, so
 * that the library itself is loaded only when a ceremony starts.
 */
export function ceremonyFailureText(error: unknown): string | null {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  // A cancelled or timed-out prompt: the person saw it and closed it, nothing to say.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return null;
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return "Cet appareil a déjà une clé d'accès pour votre compte.";
  return "Votre appareil n'a pas pu utiliser de clé d'accès. Réessayez, ou connectez-vous avec votre e-mail.";
}

/** What a passkey ceremony ends in: the server's answer, a French reason, or nothing when the person cancelled. */
export type CeremonyResult<T> = { ok: true; data: T } | { ok: false; message: string | null };

/** SimpleWebAuthn's browser side, loaded when a ceremony starts (a chunk of its own, precached by the worker). */
export const webAuthnBrowser = () => import('@simplewebauthn/browser');
