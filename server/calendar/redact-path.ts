/**
 * The addresses whose last part is a secret: a calendar feed's, a mail's unsubscribe link (the one-click call
 * and the app's page), and the app's pages for a verification or password-reset link. Anything after the
 * prefix goes, whatever the case or a doubled slash, since a request that matches no route is logged too.
 */
const SECRET_PATH =
  /^(\/+(?:v1\/+calendar|v1\/+mail\/+unsubscribe|mail\/+unsubscribe|auth\/+verify-email|auth\/+reset-password|auth\/+link)\/).+$/is;

/** The path as logs show it: the secret of such an address replaced by `…`. */
export const redactSecretPath = (path: string) => path.replace(SECRET_PATH, '$1…');
