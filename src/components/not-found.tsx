import { Link, useRouterState } from '@tanstack/react-router';
import { removedFromVillage } from '../contract/error-messages';
import { wasFirstLoad } from '../state/first-load';
import { isLostVillage } from './lost-village';

/**
 * The spec's two 404s: on the initial load (a guard refused or failed) "Page Not Found" and the path;
 * after navigating, "Page not found" and the full path. A village that left this device (its member removed)
 * is no unknown address: it is said in French, with the way back to the user's villages.
 */
export function NotFound({ data }: { data?: unknown }) {
  const location = useRouterState({ select: (s) => s.location });
  const initial = wasFirstLoad();
  if (isLostVillage(data)) {
    return (
      <main className="page error-screen" id="contenu">
        <h1>Village indisponible</h1>
        <p>{removedFromVillage}</p>
        <Link to="/dashboard/villages">Mes villages</Link>
      </main>
    );
  }
  return (
    <main className="page error-screen" id="contenu">
      <h1>{initial ? `Page Not Found ${location.pathname}` : `Page not found ${location.href}`}</h1>
      <p>Cette page n'existe pas, ou vous n'y avez pas accès.</p>
      <a href="/">Retour à l'accueil</a>
    </main>
  );
}
