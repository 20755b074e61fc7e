import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { Session } from '../session';
import { AddPasskeyInput, MAX_PASSKEYS, Passkey, PasskeyOptions, PasskeySignInInput } from '../passkeys';

// A file of their own, not auth.ts or users.ts: the login screen imports auth.ts, and these schemas stay off its bundle.

export const passkeyRegistrationOptions = endpoint({
  name: 'passkeyRegistrationOptions',
  method: 'POST',
  path: '/v1/users/me/passkeys/options',
  summary: "Options (a fresh challenge, valid 5 minutes) for the browser to make a passkey for the caller's account",
  status: 200,
  answer: { data: PasskeyOptions },
});

export const addPasskey = endpoint({
  name: 'addPasskey',
  method: 'POST',
  path: '/v1/users/me/passkeys',
  summary: `Keep the passkey the browser made with the last options (at most ${MAX_PASSKEYS} per account)`,
  body: AddPasskeyInput,
  answer: { data: Passkey },
});

export const listPasskeys = endpoint({
  name: 'listPasskeys',
  method: 'GET',
  path: '/v1/users/me/passkeys',
  summary: "The caller's passkeys, newest first",
  answer: { data: v.array(Passkey) },
});

export const removePasskey = endpoint({
  name: 'removePasskey',
  method: 'DELETE',
  path: '/v1/users/me/passkeys/{passkeyId}',
  summary: 'Remove one of the caller’s passkeys: it no longer signs in',
});

export const passkeySignInOptions = endpoint({
  name: 'passkeySignInOptions',
  method: 'POST',
  path: '/v1/auth/passkey/options',
  summary: 'Options (a fresh challenge, valid 5 minutes) for the browser to sign in with any passkey of this site',
  auth: false,
  status: 200,
  answer: { data: PasskeyOptions },
});

export const signInWithPasskey = endpoint({
  name: 'signInWithPasskey',
  method: 'POST',
  path: '/v1/auth/passkey',
  summary: 'Sign in with a passkey (unknown or unverified: 400 in French)',
  auth: false,
  status: 200,
  body: PasskeySignInInput,
  answer: { data: Session },
});
