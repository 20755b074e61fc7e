// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, quietTransport } from '../api/client';
import { send } from '../api/transport';
import { logIn } from '../contract/endpoints/sessions';
import { getMe, updateUser } from '../contract/endpoints/users';
import { db } from '../db/database';
import { listenForExpiredSession } from './session-expiry';
import { RETURN_TO_KEY, setToken } from './token';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

const fakeRouter = (pathname: string, href = pathname) => {
  const navigate = vi.fn(async () => undefined);
  return { router: { state: { location: { pathname, href } }, navigate } as unknown as AnyRouter, navigate };
};

const expired = () =>
  new Response(JSON.stringify({ message: 'Votre session a expiré, veuillez vous reconnecter.', http_code: 401 }), { status: 401 });

describe('a 401 during a session', () => {
  it('clears the session and the local data, then goes to login saying so and keeping where the user was', async () => {
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', userId: 'u1' });
    await db.villages.put({ id: 'v1' } as never);
    const { router, navigate } = fakeRouter('/account/profile', '/account/profile?tab=1');
    stop = listenForExpiredSession(router);
    vi.stubGlobal('fetch', async () => expired());
    // A call of the page's and a background read (no loading indicator) both end it, by themselves.
    await Promise.all([call(updateUser, { params: { id: 'u1' }, body: {} }), send(quietTransport, getMe, {}, { retries: 0 })]);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({
      to: '/auth/login',
      search: { redirect: '/account/profile?tab=1', expired: true },
      replace: true,
    });
    expect(localStorage.getItem('ga-token')).toBeNull();
    expect(await db.session.count()).toBe(0);
    expect(await db.villages.count()).toBe(0);
  });

  it('on the bootstrap page, goes back to the page it was opening (the address kept, forgotten by the sign-out)', async () => {
    setToken('tok');
    localStorage.setItem(RETURN_TO_KEY, '/dashboard/villages/v1/planning?view=month');
    const { router, navigate } = fakeRouter('/vous-etes-sublime');
    stop = listenForExpiredSession(router);
    vi.stubGlobal('fetch', async () => expired());
    await send(quietTransport, getMe, {}, { retries: 0 });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(navigate).toHaveBeenCalledWith({
      to: '/auth/login',
      search: { redirect: '/dashboard/villages/v1/planning?view=month', expired: true },
      replace: true,
    });
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('on the bootstrap page, never keeps an address off the app', async () => {
    setToken('tok');
    localStorage.setItem(RETURN_TO_KEY, '//evil.example/x');
    const { router, navigate } = fakeRouter('/vous-etes-sublime');
    stop = listenForExpiredSession(router);
    vi.stubGlobal('fetch', async () => expired());
    await send(quietTransport, getMe, {}, { retries: 0 });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(navigate).toHaveBeenCalledWith({ to: '/auth/login', search: { redirect: undefined, expired: true }, replace: true });
  });

  it('ignores a refusal that comes back after the token changed: a call sent before signing in again', async () => {
    setToken('old');
    localStorage.setItem(RETURN_TO_KEY, '/account/profile');
    const { router, navigate } = fakeRouter('/auth/login', '/auth/login?redirect=%2Faccount%2Fprofile');
    stop = listenForExpiredSession(router);
    let answer!: (res: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const late = send(quietTransport, getMe, {}, { retries: 0 });
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    // Signed in again meanwhile: the new session and where it returns to stay.
    setToken('new');
    localStorage.setItem(RETURN_TO_KEY, '/account/profile');
    answer(expired());
    expect(await late).toMatchObject({ ok: false, failure: { kind: 'unauthorized' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('ga-token')).toBe('new');
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/account/profile');
  });

  it('does nothing for a guest whose call is refused (a wrong password is not an expired session)', async () => {
    localStorage.clear();
    const { router, navigate } = fakeRouter('/auth/login');
    stop = listenForExpiredSession(router);
    vi.stubGlobal('fetch', async () => expired());
    await call(logIn, { body: { email: 'alice@example.test', password: 'mauvais' } });
    expect(navigate).not.toHaveBeenCalled();
  });
});
