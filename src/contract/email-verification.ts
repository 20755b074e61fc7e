/**
 * Address verification: how long a mailed link lasts and the French texts the server answers with and the
 * app shows (one text, so both say the same). Imported by path: the first screen does not need it.
 */

/**
 * A verification link lasts a week, not the password reset's hour: people open such a mail days later (a
 * grandparent reading mail on Sundays), and the link only proves the inbox is theirs; it opens no session
 * and changes no password, so a longer life costs little.
 */
export const VERIFICATION_LINK_DAYS = 7;

export const verificationLinkInvalid =
  "Ce lien de vérification n'est plus valable\u00a0: il a déjà servi, a expiré ou concerne une ancienne adresse. Demandez-en un nouveau depuis votre compte.";
export const alreadyVerified = 'Votre adresse e-mail est déjà vérifiée.';
export const verificationMailTooSoon = "Un lien vient de vous être envoyé. Patientez un peu avant d'en demander un autre.";
/** A change of address tried too often (changes made and addresses refused as taken count alike). */
export const addressChangesTooMany = "Vous avez essayé de changer d'adresse e-mail trop de fois en une heure. Réessayez plus tard.";
