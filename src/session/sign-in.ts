import type { Session } from '../contract';
import { appState } from '../state/app-state';
import { BOOTSTRAP_PATH } from './bootstrap-path';
import { RETURN_TO_KEY, setToken } from './token';

/**
 * Only a path of this app may be returned to after sign-in: "//elsewhere.example" or a full address
 * would send the user off site.
 */
export function safeReturnPath(target: string | undefined | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/auth/') || target.startsWith(BOOTSTRAP_PATH)) return '/';
  return target;
}

/**
 * The address the initialisation guard kept while the bootstrap page loads (a start, a join link): what a
 * session found expired there goes back to after signing in again. Read before the session is cleared,
 * which forgets it; nothing when it is not a path of this app.
 */
export function keptReturnPath(): string | undefined {
  const kept = typeof localStorage === 'undefined' ? null : localStorage.getItem(RETURN_TO_KEY);
  const path = safeReturnPath(kept);
  return path === '/' ? undefined : path;
}

/**
 * Keeps the new session: the token in localStorage (the spec's key) and in IndexedDB, where the service
 * worker reads it to replay writes, and the user. The app is then marked not initialised, so the bootstrap
 * page loads everything before going to `returnTo`; the address is what that page goes back to.
 */
export async function signIn(session: Session, returnTo: string | undefined): Promise<string> {
  setToken(session.token);
  try {
    // Imported when needed: the sign-in screens, the first most people see, load without Dexie.
    const { db } = await import('../db/database');
    await db.transaction('rw', db.session, db.users, async () => {
      await db.session.put({ key: 'current', token: session.token, userId: session.user.id });
      await db.users.clear();
      await db.users.put(session.user);
    });
  } catch (error) {
    // The bootstrap page writes them again; the session itself (localStorage) is already kept.
    console.error('Session could not be stored locally', error);
  }
  appState.set({ initialised: false });
  localStorage.setItem(RETURN_TO_KEY, safeReturnPath(returnTo));
  return BOOTSTRAP_PATH;
}
