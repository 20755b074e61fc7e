import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { call } from '../../api/client';
import type { Session } from '../../contract/session';
import { passkeySignInOptions, signInWithPasskey as signInEndpoint } from '../../contract/endpoints/passkeys';
import { failureText } from '../failure-text';
import { ceremonyFailureText, webAuthnBrowser, type CeremonyResult } from './browser-ceremony';

/** Signs in with any passkey this device holds for the app: the browser lists them, the person picks one. */
export async function signInWithPasskey(): Promise<CeremonyResult<Session>> {
  const options = await call(passkeySignInOptions, {});
  if (!options.ok) return { ok: false, message: failureText(options.failure) };
  let response;
  try {
    const { startAuthentication } = await webAuthnBrowser();
    response = await startAuthentication({ optionsJSON: options.data as unknown as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    return { ok: false, message: ceremonyFailureText(error) };
  }
  const signedIn = await call(signInEndpoint, { body: { response } });
  if (!signedIn.ok) return { ok: false, message: failureText(signedIn.failure) };
  return { ok: true, data: signedIn.data };
}
