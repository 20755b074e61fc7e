import { useRouterState } from '@tanstack/react-router';
import { wasFirstLoad } from '../state/first-load';

/**
 * The spec's two 404s: on the initial load (a guard refused or failed) "Page Not Found" and the path;
 * after navigating, "Page not found" and the full path.
 */
export function NotFound() {
  const location = useRouterState({ select: (s) => s.location });
  const initial = wasFirstLoad();
  return (
    <main className="page error-screen" id="contenu">
      <h1>{initial ? `Page Not Found ${location.pathname}` : `Page not found ${location.href}`}</h1>
      <p>Cette page n'existe pas, ou vous n'y avez pas accès.</p>
      <a href="/">Retour à l'accueil</a>
    </main>
  );
}
