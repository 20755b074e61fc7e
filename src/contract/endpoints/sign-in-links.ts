import { endpoint } from '../endpoint';
import { Session } from '../session';
import { RedeemSignInLinkInput, SignInLinkInput } from '../sign-in-link';

// A file of their own, not auth.ts: the login screen imports auth.ts, and these schemas stay off its bundle.

export const requestSignInLink = endpoint({
  name: 'requestSignInLink',
  method: 'POST',
  path: '/v1/auth/sign-in-link',
  summary: 'Mail a single-use sign-in link, valid 20 minutes (always 204: nobody learns who has an account)',
  auth: false,
  body: SignInLinkInput,
});

export const redeemSignInLink = endpoint({
  name: 'redeemSignInLink',
  method: 'POST',
  path: '/v1/auth/sign-in-link/redeem',
  summary: 'Sign in with the token of a mailed link, which also verifies the address (used, expired or unknown: 410)',
  auth: false,
  status: 200,
  body: RedeemSignInLinkInput,
  answer: { data: Session },
});
