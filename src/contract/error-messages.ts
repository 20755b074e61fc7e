/**
 * The messages of the API's error answers, one export each: the server answers with all of them (it imports
 * this module as a namespace), the app shows some itself, before or without an answer (offline, a file too
 * big to send, a rule it checks locally), and its bundles carry only those it names. One text, so both
 * always say the same.
 */
export { unauthenticated, unexpected } from './first-screen-messages';
export const notMember = "Vous n'avez pas accès à ce village.";
export const notManager = 'Seules les personnes qui gèrent ce village peuvent faire cela.';
export const notYourself = "Cette action ne peut pas être faite au nom d'une autre personne.";
export const onlyYourself = 'Vous ne pouvez modifier que votre propre compte.';
export const invalid = 'Certaines informations ne sont pas valides.';
export const badJson = "Le contenu envoyé n'est pas un JSON valide.";
export const tooLarge = 'Le contenu envoyé est trop volumineux.';
export const idTaken = 'Cet identifiant est déjà utilisé.';
export const lastManager =
  'Vous êtes la seule personne à gérer ce village\u00a0: vous ne pouvez pas le quitter, sinon plus personne ne pourrait s’en occuper. Nommez d’abord un·e co-organisateur·rice dans Membres.';
export const idempotencyReused = "Cette clé d'idempotence a déjà servi pour une autre requête.";
export const routeNotFound = "Cette adresse n'existe pas.";
export const villageNotFound = 'Ce village est introuvable.';
export const needNotFound = 'Ce besoin est introuvable.';
export const helpNotFound = 'Cette aide est introuvable.';
export const villagerNotFound = 'Ce membre est introuvable.';
export const userNotFound = 'Ce compte est introuvable.';
export const tooManyAttempts = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
export const emailTaken = 'Un compte existe déjà avec cet email';
export const badResetToken = "Ce lien de réinitialisation n'est plus valide. Veuillez en demander un nouveau.";
export const photoWrongType = 'La photo doit être une image JPEG, PNG ou WebP';
export const photoTooBig = 'La photo ne doit pas dépasser 10 Mo';
export const slotCancelled = "Ce créneau n'existe pas ou a été annulé.";
export const notAppointer = 'Seules la personne qui a créé le village et la personne aidée peuvent nommer des co-organisateur·rices.';
export const notActiveVillager = 'Cette personne ne fait plus partie du village.';
export const notYourHelp = 'Seule la personne qui a proposé cette aide peut la modifier.';
export const removedFromVillage = 'Vous ne faites plus partie de ce village\u00a0: il a été retiré de cet appareil.';
/** "Ce créneau est complet : Marie s'en occupe." — with the first names of who holds it. */
export function slotFull(names: readonly string[]): string {
  const known = names.filter((name) => name.trim() !== '');
  if (known.length === 0) return 'Ce créneau est complet.';
  const list = known.length === 1 ? known[0] : `${known.slice(0, -1).join(', ')} et ${known[known.length - 1]}`;
  return `Ce créneau est complet\u00a0: ${list} ${known.length === 1 ? "s'en occupe" : "s'en occupent"}.`;
}
export const passwordAlreadySet =
  'Votre compte a déjà un mot de passe. Pour le changer, utilisez «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion.';
