/**
 * The two API error messages every start may show (the transport's unexpected failure, the login screen's
 * expired session), apart from error-messages.ts, which re-exports them: Rolldown puts a module whole into the
 * chunk that first needs it, and the first screen then carried every message of the API (`npm run bench:size`).
 */
export const unauthenticated = 'Votre session a expiré, veuillez vous reconnecter.';
export const unexpected = 'Une erreur inattendue est survenue. Veuillez réessayer.';
