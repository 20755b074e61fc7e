// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineStatus } from '../../pwa/online-status';
import { ENDPOINT, installFakePush, OTHER_KEY, uninstallFakePush, VAPID_KEY } from '../../testing/fake-push-browser';
import { DENIED_PUSH_TEXT, disablePush, enablePush, forgetPushOnSignOut, isPushOnForUser, pushSupport, STILL_ON_OFFLINE_TEXT, UNSUPPORTED_PUSH_TEXT } from './push-device';
import { readPushRecord, writePushRecord } from './push-record';
import { answerFetch } from '../../testing/answer-fetch';

const keyAnswer = { status: 200, body: { data: { public_key: VAPID_KEY } } };
const savedAnswer = { status: 201, body: { data: { id: 'sub-1', endpoint: ENDPOINT } } };
const paths = (requests: { method: string; url: string }[]) => requests.map((r) => [r.method, new URL(r.url).pathname]);

beforeEach(() => localStorage.clear());
afterEach(() => {
  uninstallFakePush();
  onlineStatus.set(true);
});

describe('turning notifications on', () => {
  it('asks, subscribes with the server key, posts the subscription and remembers it for this user', async () => {
    const browser = installFakePush();
    const { fetchMock, requests } = answerFetch(keyAnswer, savedAnswer);
    vi.stubGlobal('fetch', fetchMock);

    expect(await enablePush('me')).toEqual({ ok: true });
    expect(browser.prompts).toBe(1);
    expect(browser.subscribed).toHaveLength(1);
    expect(browser.subscribed[0].userVisibleOnly).toBe(true);
    expect(paths(requests)).toEqual([
      ['GET', '/v1/push/public_key'],
      ['POST', '/v1/users/me/push_subscriptions'],
    ]);
    expect(requests[1].body).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPublicKeyOfTheBrowser_123', auth: 'authSecret-456' } });
    expect(readPushRecord()).toEqual({ userId: 'me', subscriptionId: 'sub-1', endpoint: ENDPOINT });
    expect(isPushOnForUser('me')).toBe(true);
    expect(isPushOnForUser('someone-else')).toBe(false);
  });

  it('reuses a subscription made for the same key, and drops one made for another key', async () => {
    const same = installFakePush({ existingKey: VAPID_KEY });
    vi.stubGlobal('fetch', answerFetch(keyAnswer, savedAnswer).fetchMock);
    await enablePush('me');
    expect(same.subscribed).toHaveLength(0);
    expect(same.unsubscribed).toEqual([]);
    uninstallFakePush();

    const other = installFakePush({ existingKey: OTHER_KEY });
    vi.stubGlobal('fetch', answerFetch(keyAnswer, savedAnswer).fetchMock);
    await enablePush('me');
    expect(other.unsubscribed).toEqual([`${ENDPOINT}-old`]);
    expect(other.subscribed).toHaveLength(1);
  });

  it('with the permission refused, says so in French and sends nothing', async () => {
    installFakePush({ answer: 'denied' });
    const { fetchMock, requests } = answerFetch();
    vi.stubGlobal('fetch', fetchMock);
    expect(await enablePush('me')).toEqual({ ok: false, reason: 'denied', message: DENIED_PUSH_TEXT });
    expect(requests).toHaveLength(0);
    expect(readPushRecord()).toBeNull();
    expect(pushSupport()).toBe('denied');
  });

  it('says when the browser cannot receive notifications at all', async () => {
    expect(pushSupport()).toBe('unsupported');
    expect(await enablePush('me')).toEqual({ ok: false, reason: 'unsupported', message: UNSUPPORTED_PUSH_TEXT });
  });

  it('remembers nothing when the server does not take the subscription', async () => {
    installFakePush();
    vi.stubGlobal('fetch', answerFetch(keyAnswer, { status: 422, body: { message: "L'adresse est invalide", http_code: 422, errors: [] } }).fetchMock);
    expect(await enablePush('me')).toEqual({ ok: false, reason: 'failed', message: "L'adresse est invalide" });
    expect(readPushRecord()).toBeNull();
  });
});

describe('turning notifications off', () => {
  const record = { userId: 'me', subscriptionId: 'sub-1', endpoint: `${ENDPOINT}-old` };

  it('deletes the subscription on the server, then unsubscribes and forgets it', async () => {
    const browser = installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord(record);
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    expect(await disablePush()).toEqual({ ok: true });
    expect(paths(requests)).toEqual([['DELETE', '/v1/users/me/push_subscriptions/sub-1']]);
    expect(browser.unsubscribed).toEqual([`${ENDPOINT}-old`]);
    expect(readPushRecord()).toBeNull();
  });

  it('takes a subscription the server no longer knows (404) as already off', async () => {
    installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord(record);
    vi.stubGlobal('fetch', answerFetch({ status: 404, body: { message: 'Introuvable', http_code: 404 } }).fetchMock);
    expect(await disablePush()).toEqual({ ok: true });
    expect(readPushRecord()).toBeNull();
  });

  it('offline, keeps everything on and says so', async () => {
    const browser = installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord(record);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await disablePush()).toEqual({ ok: false, reason: 'offline', message: STILL_ON_OFFLINE_TEXT });
    onlineStatus.set(false);
    expect(await disablePush()).toEqual({ ok: false, reason: 'offline', message: STILL_ON_OFFLINE_TEXT });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(browser.unsubscribed).toEqual([]);
    expect(isPushOnForUser('me')).toBe(true);
  });
});

describe('signing out', () => {
  it('unsubscribes at once, forgets the record and tells the server with the old token', async () => {
    const browser = installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord({ userId: 'me', subscriptionId: 'sub-1', endpoint: `${ENDPOINT}-old` });
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await forgetPushOnSignOut('old-token');
    expect(browser.unsubscribed).toEqual([`${ENDPOINT}-old`]);
    expect(readPushRecord()).toBeNull();
    const [url, init] = fetchMock.mock.calls[0];
    expect(new URL(String(url)).pathname).toBe('/v1/users/me/push_subscriptions/sub-1');
    expect(init?.method).toBe('DELETE');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
  });

  it('without a record, still drops any subscription of this browser and calls nobody', async () => {
    const browser = installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await forgetPushOnSignOut('old-token');
    expect(browser.unsubscribed).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
