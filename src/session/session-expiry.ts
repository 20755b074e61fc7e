import type { AnyRouter } from '@tanstack/react-router';
import { onApiEvent } from '../api/client';
import { clearSession } from './clear-session';
import { BOOTSTRAP_PATH } from './bootstrap-path';
import { keptReturnPath } from './sign-in';

export const LOGIN_PATH = '/auth/login';

/**
 * A 401 from any call means the token is no longer valid: the session and the local data are cleared and
 * the user goes to login, which says why and brings them back to where they were.
 */
export function listenForExpiredSession(router: AnyRouter) {
  let handling = false;
  return onApiEvent('unauthorized', () => {
    // Several calls under way fail together: one sign-out is enough.
    if (handling) return;
    handling = true;
    const here = router.state.location;
    // On the bootstrap page, the page being opened is the address it kept (clearing the session forgets it);
    // from a sign-in page there is nowhere worth coming back to.
    const redirect = here.pathname === BOOTSTRAP_PATH ? keptReturnPath() : here.pathname.startsWith('/auth/') ? undefined : here.href;
    void clearSession().then(() => {
      handling = false;
      return router.navigate({ to: LOGIN_PATH, search: { redirect, expired: true }, replace: true });
    });
  });
}
