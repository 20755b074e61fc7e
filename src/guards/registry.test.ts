// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { guardRegistry, guards, type GuardContext } from './registry';
import { initialisationGuard } from '../app/bootstrap/initialisation-guard';
import { BOOTSTRAP_PATH } from '../session/bootstrap-path';
import { db } from '../db/database';
import { RETURN_TO_KEY, TOKEN_KEY } from '../session/token';
import { appState } from '../state/app-state';
import { markNavigated } from '../state/first-load';
import { isLostVillage } from '../components/lost-village';
import { markDataLoaded } from '../app/bootstrap/data-loaded';
import { aUser } from '../testing/factories';

const ME = 'user-me';
const at = (href: string, params: Record<string, string> = {}): GuardContext => ({
  location: { pathname: href.split('?')[0], href },
  params,
});

/** What a guard threw, or 'passed'. */
async function outcome(run: () => unknown): Promise<unknown> {
  try {
    await run();
    return 'passed';
  } catch (error) {
    return error;
  }
}

const redirectTarget = (error: unknown) => {
  if (!isRedirect(error)) throw new Error(`expected a redirect, got ${String(error)}`);
  return error.options as { to: string; search?: Record<string, string> };
};

const signIn = () => localStorage.setItem(TOKEN_KEY, 'a-token');

function village(id: string, me: { is_out?: boolean; is_ban?: boolean } | null) {
  const villagers = me
    ? [{ id: 'v1', user_id: ME, is_out: !!me.is_out, is_ban: !!me.is_ban }]
    : [{ id: 'v2', user_id: 'someone-else', is_out: false, is_ban: false }];
  return { id, state: 3, villagers } as never;
}

beforeEach(async () => {
  localStorage.clear();
  appState.set({ initialised: false });
  await db.session.clear();
  await db.villages.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('guest-only and signed-in guards', () => {
  it('auth sends a signed-in user home and lets a guest in', async () => {
    expect(await outcome(() => guardRegistry.auth(at('/auth/login')))).toBe('passed');
    signIn();
    expect(redirectTarget(await outcome(() => guardRegistry.auth(at('/auth/login')))).to).toBe('/');
  });

  it.each(['user-auth', 'dashboard', 'tunnel-creation'])('%s sends a guest to login with where they meant to go', async (name) => {
    const target = redirectTarget(await outcome(() => guardRegistry[name](at('/create/village?pcvi=42'))));
    expect(target.to).toBe('/auth/login');
    expect(target.search).toEqual({ redirect: '/create/village?pcvi=42' });
    signIn();
    expect(await outcome(() => guardRegistry[name](at('/create/village')))).toBe('passed');
  });

  it('home sends to the list of villages', async () => {
    signIn();
    expect(redirectTarget(await outcome(() => guardRegistry.home(at('/')))).to).toBe('/dashboard/villages');
  });
});

describe.each([
  'dashboard-chat',
  'dashboard-home',
  'dashboard-infos',
  'dashboard-needs',
  'dashboard-news',
  'dashboard-notification',
  'dashboard-planning',
])('%s', (name) => {
  beforeEach(async () => {
    signIn();
    await db.session.put({ key: 'current', token: 'a-token', userId: ME });
  });

  it('lets an active member of the village in', async () => {
    await db.villages.put(village('v-active', {}));
    expect(await outcome(() => guardRegistry[name](at('/dashboard/villages/v-active/chat', { id: 'v-active' })))).toBe('passed');
  });

  it('answers 404 for an unknown village, a non-member, a member who left or was banned', async () => {
    await db.villages.bulkPut([village('v-other', null), village('v-out', { is_out: true }), village('v-ban', { is_ban: true })]);
    for (const id of ['v-missing', 'v-other', 'v-out', 'v-ban']) {
      expect(isNotFound(await outcome(() => guardRegistry[name](at(`/dashboard/villages/${id}`, { id }))))).toBe(true);
    }
  });

  it('says in French, not with a 404 and its id, that a village left this device', async () => {
    const { forgetVillage } = await import('../domain/villages/forget-village');
    await db.villages.bulkPut([village('v-gone', {}), village('v-ban', { is_ban: true })]);
    await forgetVillage('v-gone', db);
    for (const id of ['v-gone', 'v-ban']) {
      const error = await outcome(() => guardRegistry[name](at(`/dashboard/villages/${id}`, { id })));
      expect(isNotFound(error) && isLostVillage((error as { data?: unknown }).data)).toBe(true);
    }
    // A village this device never had keeps the spec's plain 404.
    const unknown = await outcome(() => guardRegistry[name](at('/dashboard/villages/v-never', { id: 'v-never' })));
    expect(isNotFound(unknown) && !isLostVillage((unknown as { data?: unknown }).data)).toBe(true);
  });

  it('sends a guest to login first', async () => {
    localStorage.removeItem(TOKEN_KEY);
    expect(redirectTarget(await outcome(() => guardRegistry[name](at('/dashboard/villages/x', { id: 'x' })))).to).toBe('/auth/login');
  });
});

describe('guards()', () => {
  it('throws "Unknown route middleware" for a name that is not in the registry', () => {
    expect(() => guards('user-auth', 'nope')).toThrow('Unknown route middleware');
  });

  it('runs the named guards in order: the first refusal wins', async () => {
    const before = guards('user-auth', 'home');
    expect(redirectTarget(await outcome(() => before(at('/')))).to).toBe('/auth/login');
    signIn();
    expect(redirectTarget(await outcome(() => before(at('/')))).to).toBe('/dashboard/villages');
  });

  it('turns a guard failing with an error into the 404 on the initial load, and lets it through after a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    guardRegistry['test-failing'] = () => {
      throw new Error('store unavailable');
    };
    try {
      const before = guards('test-failing');
      expect(isNotFound(await outcome(() => before(at('/account'))))).toBe(true);
      markNavigated();
      const after = await outcome(() => before(at('/account')));
      expect(after).toBeInstanceOf(Error);
      expect((after as Error).message).toBe('store unavailable');
    } finally {
      delete guardRegistry['test-failing'];
    }
  });
});

describe('the initialisation guard', () => {
  it('keeps the full path under the return-address key and sends a signed-in user to the bootstrap page', () => {
    signIn();
    let thrown: unknown;
    try {
      initialisationGuard({ pathname: '/dashboard/villages/7/needs', href: '/dashboard/villages/7/needs?tab=2' });
    } catch (error) {
      thrown = error;
    }
    const target = redirectTarget(thrown);
    expect(target.to).toBe(BOOTSTRAP_PATH);
    expect(BOOTSTRAP_PATH).toBe('/vous-etes-sublime');
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/dashboard/villages/7/needs?tab=2');
  });

  it('opens a session already loaded on this device from the store, with no detour through the bootstrap page', async () => {
    // The refresh behind the screen waits for a timer that this test never lets ring.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      signIn();
      markDataLoaded('a-token');
      await db.session.put({ key: 'current', token: 'a-token', userId: ME });
      await db.users.put(aUser({ id: ME }));
      expect(
        await outcome(() => initialisationGuard({ pathname: '/dashboard/villages/7/planning', href: '/dashboard/villages/7/planning' })),
      ).toBe('passed');
      expect(appState.get().initialised).toBe(true);
      expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('still sends to the bootstrap page a loaded session whose user the store no longer holds', async () => {
    signIn();
    markDataLoaded('a-token');
    await db.session.put({ key: 'current', token: 'a-token', userId: ME });
    await db.users.clear();
    const target = redirectTarget(
      await outcome(() => initialisationGuard({ pathname: '/dashboard/villages/7/planning', href: '/dashboard/villages/7/planning' })),
    );
    expect(target.to).toBe(BOOTSTRAP_PATH);
    expect(appState.get().initialised).toBe(false);
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('/dashboard/villages/7/planning');
  });

  it('lets through a guest, the bootstrap page itself, and an initialised app', () => {
    expect(() => initialisationGuard({ pathname: '/account', href: '/account' })).not.toThrow();
    signIn();
    expect(() => initialisationGuard({ pathname: BOOTSTRAP_PATH, href: BOOTSTRAP_PATH })).not.toThrow();
    appState.set({ initialised: true });
    expect(() => initialisationGuard({ pathname: '/account', href: '/account' })).not.toThrow();
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });
});
