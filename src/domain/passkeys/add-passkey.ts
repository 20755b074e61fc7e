import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { call } from '../../api/client';
import { addPasskey as addEndpoint, passkeyRegistrationOptions } from '../../contract/endpoints/passkeys';
import type { Passkey } from '../../contract/passkeys';
import { failureText } from '../failure-text';
import { queryClient } from '../../state/query-client';
import { passkeysKey } from './passkeys-query';
import { ceremonyFailureText, webAuthnBrowser, type CeremonyResult } from './browser-ceremony';

/**
 * Makes a passkey for the signed-in account on this device: the server's options, the browser's prompt (a
 * fingerprint, a face, the phone's code), then the server keeps it. A direct call, not an outbox write: the
 * challenge is valid for minutes and the prompt needs the person there.
 */
export async function addPasskey(): Promise<CeremonyResult<Passkey>> {
  const options = await call(passkeyRegistrationOptions, {});
  if (!options.ok) return { ok: false, message: failureText(options.failure) };
  let response;
  try {
    const { startRegistration } = await webAuthnBrowser();
    response = await startRegistration({ optionsJSON: options.data as unknown as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    return { ok: false, message: ceremonyFailureText(error) };
  }
  const kept = await call(addEndpoint, { body: { response } });
  if (!kept.ok) return { ok: false, message: failureText(kept.failure) };
  await queryClient.invalidateQueries({ queryKey: passkeysKey });
  return { ok: true, data: kept.data };
}
