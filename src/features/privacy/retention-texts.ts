import {
  DEVICE_RECORD_DAYS,
  FINISHED_MAIL_DAYS,
  IDEMPOTENCY_KEY_DAYS,
  SESSION_IDLE_DAYS,
  WITHDRAWN_INVITATION_DAYS,
} from '../../contract/retention';

/**
 * How long each thing is kept, in the words of the privacy page, from the figures the server deletes by
 * (src/contract/retention.ts): change a duration there and the page says the new one.
 */
export const retentionTexts = [
  'Votre compte et vos villages sont gardés tant que vous les gardez.',
  `Une connexion inutilisée pendant ${SESSION_IDLE_DAYS} jours est fermée, puis effacée.`,
  `La trace d'une modification envoyée (qui évite de l'enregistrer deux fois) est effacée après ${IDEMPOTENCY_KEY_DAYS} jours.`,
  `La trace d'un e-mail envoyé ou abandonné (l'adresse, le type, la date\u00a0; son contenu est vidé dès l'envoi) est effacée après ${FINISHED_MAIL_DAYS} jours.`,
  "Les liens envoyés par e-mail (connexion, vérification d'adresse, nouveau mot de passe) sont effacés dès qu'ils expirent.",
  `Une invitation retirée est effacée, avec l'adresse à laquelle elle était envoyée, après ${WITHDRAWN_INVITATION_DAYS} jours.`,
  `L'identifiant d'un appareil dont le service n'a plus de nouvelles depuis ${DEVICE_RECORD_DAYS} jours est effacé.`,
  'Une adresse refusée pour de bon par son serveur de messagerie est gardée, pour ne plus lui écrire.',
] as const;

/** What deleting one's account removes at once, and what stays in the villages for their history. */
export const deletedAccountTexts = [
  'Quand vous supprimez votre compte, votre profil (nom, e-mail, téléphone, photo), vos connexions, vos appareils et vos réglages sont effacés aussitôt, et vos créneaux à venir sont rendus au village.',
  'Vos messages, vos nouvelles et vos coups de main passés restent dans les villages, sans votre nom, pour que leur histoire reste lisible\u00a0; seul votre prénom reste dans le fil du village, sur la ligne qui annonce votre départ.',
  `Les traces d'e-mails envoyés à votre adresse partent au plus tard ${FINISHED_MAIL_DAYS} jours après.`,
] as const;
