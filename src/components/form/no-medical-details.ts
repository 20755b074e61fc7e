/**
 * Said under the free texts the whole village reads (the presentation, a need's description and address, a
 * news): what is written there goes to every member's phone, where it stays offline.
 */
export const NO_MEDICAL_DETAILS =
  'N’écrivez pas de détails médicaux\u00a0: ni diagnostic, ni traitement, ni motif de rendez-vous. Tout le village peut lire ce texte.';
