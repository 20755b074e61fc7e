/** The French sentences of address verification that the app says itself (the server's are in the contract). */
export const VERIFIED_TEXT = 'Votre adresse e-mail est vérifiée.';
export const VERIFYING_TEXT = 'Vérification de votre adresse e-mail…';
export const VERIFY_OFFLINE_TEXT =
  'Pas de connexion pour le moment\u00a0: votre adresse sera vérifiée dès que le réseau reviendra. Gardez cette page ouverte, ou rouvrez le lien plus tard\u00a0: il reste valable.';
export const RESEND_OFFLINE_TEXT = 'Pas de connexion pour le moment\u00a0: le lien pourra être renvoyé quand le réseau sera revenu.';
export const linkSentText = (email: string) =>
  `Un nouveau lien vient d'être envoyé à ${email}. Pensez à regarder dans vos courriers indésirables.`;
export const pendingVerificationText = (email: string) => `Vérifiez votre adresse e-mail\u00a0: nous avons envoyé un lien à ${email}.`;
export const addressChangedText = (email: string) =>
  `Un lien de vérification a été envoyé à ${email}\u00a0: ouvrez-le pour confirmer votre nouvelle adresse.`;
