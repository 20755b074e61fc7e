const VARIANTS = {
  unexpected: {
    title: 'Une erreur est survenue',
    text: 'Quelque chose ne s’est pas passé comme prévu. Vos saisies enregistrées ne sont pas perdues.',
  },
  'session-expired': { title: 'Votre session a expiré', text: 'Pour continuer, reconnectez-vous.' },
  'not-found': { title: 'Page introuvable', text: "Cette page n'existe pas, ou vous n'y avez pas accès." },
} as const;

/** The error screen's three variants: unexpected error, expired session, page not found. */
export function ErrorScreen({ variant, message, code }: { variant: keyof typeof VARIANTS; message?: string; code?: number }) {
  const { title, text } = VARIANTS[variant];
  return (
    <main className="page error-screen" id="contenu">
      <h1>{title}</h1>
      <p>{text}</p>
      {message ? (
        <p className="error-detail">
          {message}
          {code ? ` (code ${code})` : null}
        </p>
      ) : null}
      <a href={variant === 'session-expired' ? '/auth/login' : '/'}>
        {variant === 'session-expired' ? 'Se reconnecter' : "Retour à l'accueil"}
      </a>
    </main>
  );
}
