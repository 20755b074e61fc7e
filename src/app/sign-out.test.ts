// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db/database';
import { signOut } from './sign-out';
import { getToken, setToken } from '../session/token';
import { ENDPOINT, installFakePush, uninstallFakePush, VAPID_KEY } from '../testing/fake-push-browser';
import { readPushRecord, writePushRecord } from '../domain/push/push-record';

beforeEach(async () => {
  localStorage.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: 'me' });
  setToken('tok');
});
afterEach(() => uninstallFakePush());

describe('signing out of a device that receives notifications', () => {
  it('stops them here, and tells the server with the old token before revoking it', async () => {
    const browser = installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord({ userId: 'me', subscriptionId: 'sub-1', endpoint: ENDPOINT });
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await signOut();
    expect(getToken()).toBeNull();
    expect(readPushRecord()).toBeNull();
    expect(browser.unsubscribed).toHaveLength(1);
    const calls = fetchMock.mock.calls.map(([url, init]) => [
      init?.method,
      new URL(String(url)).pathname,
      (init?.headers as Record<string, string>).Authorization,
    ]);
    expect(calls).toEqual([
      ['DELETE', '/v1/users/me/push_subscriptions/sub-1', 'Bearer tok'],
      ['POST', '/v1/auth/logout', 'Bearer tok'],
    ]);
  });
});
