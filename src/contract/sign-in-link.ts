import * as v from 'valibot';
import { email, text } from './fields';
import { messages } from './form-messages';

/**
 * Signing in by a mailed link: how long a link lasts, what the request and the redemption carry, and the
 * French texts the server answers with and the app shows. Imported by path, never from the contract's
 * index: the login screen, the first most people see, does not load it (`npm run bench:size`).
 */

/** Short, as a password reset's: the link opens a session, whoever holds the mail holds the account. */
export const SIGN_IN_LINK_MINUTES = 20;

export const signInLinkInvalid = 'Ce lien de connexion a déjà servi ou a expiré. Demandez-en un nouveau.';
export const signInLinkSent = `Si un compte existe pour cette adresse, un lien de connexion vient d'y être envoyé. Il est valable ${SIGN_IN_LINK_MINUTES} minutes.`;
export const signInLinkOffline = "Ce lien a besoin d'une connexion\u00a0: réessayez quand le réseau sera revenu.";

/**
 * A path of this app to go back to after signing in, or nothing: an address elsewhere ("//x", "https://x")
 * or a sign-in page is dropped rather than refused, so a strange `redirect` never blocks the mail.
 */
export function sameAppPath(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  return target.startsWith('/auth/') ? undefined : target;
}

export const SignInLinkInput = v.object({
  email,
  /** Where the person was going (the login page's `redirect`): the link carries it back. */
  redirect: v.optional(
    v.pipe(
      v.string(messages.wrongType),
      v.maxLength(1000, messages.maxLength(1000)),
      v.transform((target: string) => sameAppPath(target)),
    ),
  ),
});
export type SignInLinkInput = v.InferInput<typeof SignInLinkInput>;

/** The token of the link `/auth/link/{token}`, posted by the app's page. */
export const RedeemSignInLinkInput = v.object({ token: text(200) });
export type RedeemSignInLinkInput = v.InferOutput<typeof RedeemSignInLinkInput>;
