import { describe, expect, it } from 'vitest';
import { ceremonyFailureText } from './browser-ceremony';

const domError = (name: string) => Object.assign(new Error('x'), { name });

describe('what a passkey ceremony the browser ended says', () => {
  it('says nothing when the person closed or let the prompt time out', () => {
    expect(ceremonyFailureText(domError('NotAllowedError'))).toBeNull();
    expect(ceremonyFailureText(domError('AbortError'))).toBeNull();
    expect(ceremonyFailureText({ name: 'Error', code: 'ERROR_CEREMONY_ABORTED' })).toBeNull();
  });

  it('says in French that this device already holds one for the account', () => {
    expect(ceremonyFailureText(domError('InvalidStateError'))).toBe("Cet appareil a déjà une clé d'accès pour votre compte.");
    expect(ceremonyFailureText({ name: 'Error', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' })).toMatch(/déjà une clé/);
  });

  it('gives any other failure, or a thrown non-error, a French way out', () => {
    for (const error of [domError('SecurityError'), domError('NotSupportedError'), 'bizarre', null, undefined])
      expect(ceremonyFailureText(error)).toBe(
        "Votre appareil n'a pas pu utiliser de clé d'accès. Réessayez, ou connectez-vous avec votre e-mail.",
      );
  });
});
