// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db/database';
import { appState } from '../state/app-state';
import { clearSession } from './clear-session';
import { safeReturnPath, signIn } from './sign-in';
import { signOut } from './sign-out';
import { getToken, RETURN_TO_KEY } from './token';
import { NOTIFICATION_SETTINGS_KEY } from './notification-settings-key';
import { CHAT_READ_KEY_PREFIX } from './chat-read-key';
import { DATA_LOADED_FOR_KEY } from './data-loaded-key';
import { aUser } from '../testing/factories';

const user = aUser({ id: 'u1' });

beforeEach(async () => {
  localStorage.clear();
  await clearSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('the session', () => {
  it('signs in: token in localStorage and mirrored in IndexedDB, app to be initialised again, return address kept', async () => {
    appState.set({ initialised: true });
    const next = await signIn({ token: 'tok', user }, '/account/profile?x=1');
    expect(next).toBe('/vous-etes-sublime');
    expect(localStorage.getItem('ga-token')).toBe('tok');
    expect(await db.session.get('current')).toEqual({ key: 'current', token: 'tok', userId: 'u1' });
    expect(await db.users.get('u1')).toEqual(user);
    expect(appState.get().initialised).toBe(false);
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/account/profile?x=1');
  });

  it('never returns to another site or to a sign-in page after sign-in', () => {
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('/auth/login')).toBe('/');
    expect(safeReturnPath('/vous-etes-sublime')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('/dashboard/villages/1/needs')).toBe('/dashboard/villages/1/needs');
  });

  it('signs out: local data cleared at once, then the token revoked on the server, sent by hand', async () => {
    await signIn({ token: 'tok', user }, '/');
    await db.villages.put({ id: 'v1' } as never);
    localStorage.setItem(NOTIFICATION_SETTINGS_KEY, JSON.stringify({ userId: 'u1', settings: {} }));
    localStorage.setItem(DATA_LOADED_FOR_KEY, 'tok');
    localStorage.setItem(`${CHAT_READ_KEY_PREFIX}villager-1`, '2024-11-10T09:00:00.000Z');
    localStorage.setItem(`${CHAT_READ_KEY_PREFIX}villager-2`, '2024-11-10T09:00:00.000Z');
    appState.set({ initialised: true, namespace: 'village' });
    const requests: { url: string; auth: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push({ url: String(url), auth: new Headers(init.headers).get('Authorization') });
      return new Response(null, { status: 204 });
    });
    await signOut();
    expect(getToken()).toBeNull();
    expect(await db.session.count()).toBe(0);
    expect(await db.users.count()).toBe(0);
    expect(await db.villages.count()).toBe(0);
    expect(localStorage.getItem(NOTIFICATION_SETTINGS_KEY)).toBeNull();
    expect(localStorage.getItem(DATA_LOADED_FOR_KEY)).toBeNull();
    expect(Object.keys(localStorage).filter((key) => key.startsWith(CHAT_READ_KEY_PREFIX))).toEqual([]);
    expect(appState.get()).toEqual({ initialised: false, namespace: null });
    expect(requests).toEqual([{ url: expect.stringMatching(/\/v1\/auth\/logout$/), auth: 'Bearer tok' }]);
  });
});
