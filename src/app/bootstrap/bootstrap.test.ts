// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { appState } from '../../state/app-state';
import { clearSession } from '../../session/clear-session';
import { setToken } from '../../session/token';
import { aCategory, aUser, aVillage } from '../../testing/factories';
import { json, stubServer } from '../../testing/stub-server';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { bootstrap } from './bootstrap';

// What starts after the app opens (replay, analytics) is not this file's subject.
const afterStart = vi.hoisted(() => vi.fn());
vi.mock('./after-start', () => ({ afterStart }));

await provideAppMutationKinds();

const user = aUser({ id: 'u1' });
const village = aVillage();

/** A server answering the bootstrap's three reads. */
const answers = () => (url: URL) => {
  if (url.pathname === '/v1/users/me') return json({ data: user });
  if (url.pathname === '/v1/need_categories') return json({ data: [aCategory()] });
  return json({ data: [village] });
};

function serve(answer: (url: URL) => Response | Promise<Response>) {
  const requests = stubServer(() => json(null));
  vi.mocked(fetch).mockImplementation(async (input) => {
    const url = new URL(String(input));
    requests.push({ url, auth: null });
    return answer(url);
  });
  return requests;
}

beforeEach(async () => {
  localStorage.clear();
  await clearSession();
  afterStart.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the bootstrap', () => {
  it('waits for the server on the first start of a session, and writes what it answered', async () => {
    setToken('tok');
    serve(answers());
    expect(await bootstrap()).toBe('ready');
    expect(appState.get().initialised).toBe(true);
    expect(await db.users.get('u1')).toEqual(user);
    expect(await db.villages.count()).toBe(1);
    expect(afterStart).toHaveBeenCalledWith(user);
  });

  it('opens at once from the local store on a later start of the same session, then refreshes it behind the screen', async () => {
    setToken('tok');
    serve(answers());
    await bootstrap();
    appState.set({ initialised: false });

    vi.useFakeTimers({ toFake: ['setTimeout', 'requestIdleCallback'] });
    // A server that never answers (gone, or a connection that hangs) holds nothing back.
    const requests = serve(() => new Promise<Response>(() => {}));
    expect(await bootstrap()).toBe('ready');
    expect(appState.get().initialised).toBe(true);
    expect(requests).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() =>
      expect(requests.map((r) => r.url.pathname).sort()).toEqual(['/v1/need_categories', '/v1/users/me', '/v1/villages']),
    );
    expect(afterStart).toHaveBeenCalledTimes(2);
  });

  it('waits again after a new sign-in (a new token), the data of the last one notwithstanding', async () => {
    setToken('tok');
    serve(answers());
    await bootstrap();
    setToken('tok-2');
    await db.session.put({ key: 'current', token: 'tok-2', userId: 'u1' });
    const requests = serve(answers());
    expect(await bootstrap()).toBe('ready');
    expect(requests).toHaveLength(3);
  });

  it('falls back on what the store holds when the first start of a session cannot reach the server', async () => {
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', userId: 'u1' });
    await db.users.put(user);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await bootstrap()).toBe('ready');
    expect(afterStart).toHaveBeenCalledWith(user);
  });

  it('sends a refused token back to sign-in on the first start', async () => {
    setToken('tok');
    serve(() => json({ message: 'Non authentifié', http_code: 401 }, 401));
    expect(await bootstrap()).toBe('signed-out');
  });
});
