import { redirect } from '@tanstack/react-router';
import { importChunk } from '../../pwa/lazy-chunk';
import { getToken, RETURN_TO_KEY } from '../../session/token';
import { appState } from '../../state/app-state';
import { initialLoadStep } from '../../state/first-load';
import { BOOTSTRAP_PATH } from '../../session/bootstrap-path';
import { dataLoadedFor } from './data-loaded';
import { reportStorageError } from '../../db/storage-health';

/**
 * The spec's initialisation guard: a signed-in user whose app has not yet loaded its data is sent to the
 * bootstrap page, and the full path they meant to open is kept to come back to. A session whose data this
 * device already loaded opens from the local store here instead, with no detour: going to the bootstrap page
 * and back cost 60–120 ms of a warm start, online or not (tests/bench/offline-start.ts).
 */
export function initialisationGuard(location: { pathname: string; href: string }): void | Promise<void> {
  const token = getToken();
  if (!token || appState.get().initialised || location.pathname === BOOTSTRAP_PATH) return;
  if (!dataLoadedFor(token)) return toBootstrap(location);
  return importChunk(() => import('./bootstrap'))
    .then(({ openFromStore }) => openFromStore(token))
    .then(
      (opened) => {
        if (!opened) toBootstrap(location);
      },
      (error: unknown) => {
        // A store that cannot be read is said at the root (storage-health.ts); the error screen shows it too.
        reportStorageError(error);
        throw error;
      },
    );
}

function toBootstrap(location: { href: string }): never {
  localStorage.setItem(RETURN_TO_KEY, location.href);
  throw redirect({ to: BOOTSTRAP_PATH, state: initialLoadStep });
}
