import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { bootstrap } from '../app/bootstrap/bootstrap';
import { getToken, RETURN_TO_KEY } from '../session/token';
import { keptReturnPath } from '../session/sign-in';
import { FullScreenLoader } from '../components/full-screen-loader';
import { initialLoadStep } from '../state/first-load';
import { reportStorageError } from '../db/storage-health';

export const Route = createFileRoute('/vous-etes-sublime')({
  component: BootstrapPage,
});

/** The bootstrap page: loads the user's data, then goes back to where they meant to go. */
function BootstrapPage() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    // Read first: a session found expired here is cleared, and the address with it; signing in again returns there.
    const redirect = keptReturnPath();
    const expired = getToken() ? true : undefined;
    void bootstrap().then(
      (outcome) => {
        if (cancelled) return;
        if (outcome === 'signed-out') {
          return void navigate({ to: '/auth/login', search: { redirect, expired }, replace: true, state: initialLoadStep });
        }
        if (outcome === 'no-data') return setFailed(true);
        const back = localStorage.getItem(RETURN_TO_KEY);
        localStorage.removeItem(RETURN_TO_KEY);
        void navigate({ href: back && back.startsWith('/') ? back : '/', replace: true, state: initialLoadStep });
      },
      (error: unknown) => {
        // A store that cannot be opened or written is said at the root (storage-health.ts), never a spinner
        // left turning; any other failure is the failed load's message.
        console.error('Bootstrap: the app could not start', error);
        if (!cancelled && !reportStorageError(error)) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  if (failed) {
    return (
      <main className="page" id="contenu">
        <h1>Connexion impossible</h1>
        <p>Vos données n'ont pas encore pu être chargées. Vérifiez votre connexion puis réessayez.</p>
        <button type="button" onClick={() => location.reload()}>
          Réessayer
        </button>
      </main>
    );
  }
  return <FullScreenLoader />;
}
