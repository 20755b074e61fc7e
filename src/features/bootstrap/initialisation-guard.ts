import { redirect } from '@tanstack/react-router';
import { getToken, RETURN_TO_KEY } from '../../session/token';
import { appState } from '../../state/app-state';
import { initialLoadStep } from '../../state/first-load';
import { BOOTSTRAP_PATH } from '../../session/bootstrap-path';

/**
 * The spec's initialisation guard: a signed-in user whose app has not yet loaded its data is sent to the
 * bootstrap page, and the full path they meant to open is kept to come back to.
 */
export function initialisationGuard(location: { pathname: string; href: string }) {
  if (!getToken() || appState.get().initialised || location.pathname === BOOTSTRAP_PATH) return;
  localStorage.setItem(RETURN_TO_KEY, location.href);
  throw redirect({ to: BOOTSTRAP_PATH, state: initialLoadStep });
}
