// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineStatus } from '../../pwa/online-status';
import { ENDPOINT, installFakePush, OTHER_KEY, uninstallFakePush, VAPID_KEY } from '../../testing/fake-push-browser';
import {
  ACTIVATION_WAIT_MS,
  DENIED_PUSH_TEXT,
  disablePush,
  enablePush,
  forgetPushOnSignOut,
  isPushOnForUser,
  NO_SERVICE_PUSH_TEXT,
  NOT_READY_PUSH_TEXT,
  PERMISSION_TIMEOUT_TEXT,
  PERMISSION_WAIT_MS,
  pushSupport,
  SERVER_TIMEOUT_TEXT,
  STILL_ON_OFFLINE_TEXT,
  STILL_ON_TIMEOUT_TEXT,
  SUBSCRIBE_TIMEOUT_TEXT,
  UNDO_WAIT_MS,
  UNSUPPORTED_PUSH_TEXT,
  type PushChange,
} from './push-device';
import { readPushRecord, writePushRecord } from './push-record';
import { answerFetch } from '../../testing/answer-fetch';

const keyAnswer = { status: 200, body: { data: { public_key: VAPID_KEY } } };
const savedAnswer = { status: 201, body: { data: { id: 'sub-1', endpoint: ENDPOINT } } };
const paths = (requests: { method: string; url: string }[]) => requests.map((r) => [r.method, new URL(r.url).pathname]);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  uninstallFakePush();
  onlineStatus.set(true);
});

/** The fake browser's registration, to make one of its steps misbehave. */
const registration = async () => (await navigator.serviceWorker.getRegistration())!;
const never = <T>() => new Promise<T>(() => undefined);

/** A fetch that hangs until its signal aborts it, as a request lost on a bad network does. */
const hangingFetch = (requests: string[]) =>
  vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
  );

/** Starts `enablePush` and reports what it settled with, if it has, as fake time goes by. */
function watch(outcome: Promise<PushChange>) {
  const seen: { result?: PushChange } = {};
  void outcome.then((result) => (seen.result = result));
  return seen;
}

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
    expect(requests[1].body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'BPublicKeyOfTheBrowser_123', auth: 'authSecret-456' },
    });
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

  it('remembers nothing when the server does not take the subscription, and drops the browser one', async () => {
    const browser = installFakePush();
    vi.stubGlobal(
      'fetch',
      answerFetch(keyAnswer, { status: 422, body: { message: "L'adresse est invalide", http_code: 422, errors: [] } }).fetchMock,
    );
    expect(await enablePush('me')).toEqual({ ok: false, reason: 'failed', message: "L'adresse est invalide" });
    expect(readPushRecord()).toBeNull();
    expect(browser.unsubscribed).toEqual([ENDPOINT]);
  });

  it('says the browser has no push service when the subscription is refused for want of one', async () => {
    const browser = installFakePush();
    (await registration()).pushManager.subscribe = () =>
      Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError'));
    const { fetchMock, requests } = answerFetch(keyAnswer);
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await enablePush('me')).toEqual({ ok: false, reason: 'no-service', message: NO_SERVICE_PUSH_TEXT });
    expect(requests).toHaveLength(1);
    expect(browser.subscribed).toHaveLength(0);
    expect(readPushRecord()).toBeNull();
  });
});

describe('turning notifications on never waits for ever', () => {
  beforeEach(() => {
    // Date too: the steps share one deadline, read from the clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  it('a subscription that never settles ends in the timed-out message, at the bound and not before', async () => {
    installFakePush();
    (await registration()).pushManager.subscribe = never;
    const { fetchMock, requests } = answerFetch(keyAnswer);
    vi.stubGlobal('fetch', fetchMock);
    const seen = watch(enablePush('me'));
    await vi.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS - 1);
    expect(seen.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.result).toEqual({ ok: false, reason: 'timeout', message: SUBSCRIBE_TIMEOUT_TEXT });
    // The server was never told of a subscription.
    expect(requests.map((r) => r.method)).toEqual(['GET']);
    expect(readPushRecord()).toBeNull();
  });

  it('a prompt left unanswered (a quiet prompt) ends in a message saying to answer it, and nothing is sent', async () => {
    installFakePush();
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: never });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const seen = watch(enablePush('me'));
    await vi.advanceTimersByTimeAsync(PERMISSION_WAIT_MS);
    expect(seen.result).toEqual({ ok: false, reason: 'timeout', message: PERMISSION_TIMEOUT_TEXT });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a service worker that never becomes active ends in the not-ready message', async () => {
    installFakePush();
    const reg = await registration();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: never(), getRegistration: async () => reg } });
    vi.stubGlobal('fetch', answerFetch(keyAnswer).fetchMock);
    const seen = watch(enablePush('me'));
    await vi.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS);
    expect(seen.result).toEqual({ ok: false, reason: 'timeout', message: NOT_READY_PUSH_TEXT });
  });

  it('a server that never answers for the key ends in the server message, its request cut off', async () => {
    const browser = installFakePush();
    const requests: string[] = [];
    vi.stubGlobal('fetch', hangingFetch(requests));
    const seen = watch(enablePush('me'));
    await vi.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS);
    expect(seen.result).toEqual({ ok: false, reason: 'timeout', message: SERVER_TIMEOUT_TEXT });
    // Aborted, not retried: the GET's one retry is not spent on a call nobody waits for.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toEqual(['GET /v1/push/public_key']);
    expect(browser.subscribed).toHaveLength(0);
  });

  it('a server that never answers the registration leaves nothing half on: the browser subscription is dropped', async () => {
    const browser = installFakePush();
    const requests: string[] = [];
    const { fetchMock } = answerFetch(keyAnswer);
    const hanging = hangingFetch(requests);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? hanging(input, init) : fetchMock(input, init),
    );
    const seen = watch(enablePush('me'));
    await vi.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS - 1);
    expect(seen.result).toBeUndefined();
    expect(requests).toEqual(['POST /v1/users/me/push_subscriptions']);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.result).toEqual({ ok: false, reason: 'timeout', message: SERVER_TIMEOUT_TEXT });
    // Had the server filed it, its endpoint is now dead: the push service answers 410 and the server drops the row.
    expect(browser.unsubscribed).toEqual([ENDPOINT]);
    expect(browser.subscription).toBeNull();
    expect(readPushRecord()).toBeNull();
    expect(pushSupport()).toBe('granted');
    expect(isPushOnForUser('me')).toBe(false);
  });

  it('ends even when undoing the subscription hangs too', async () => {
    const browser = installFakePush();
    vi.stubGlobal('fetch', answerFetch(keyAnswer, { status: 503, body: { message: 'Service indisponible', http_code: 503 } }).fetchMock);
    const reg = await registration();
    const subscribe = reg.pushManager.subscribe;
    reg.pushManager.subscribe = async (options) => Object.assign(await subscribe(options), { unsubscribe: never });
    const seen = watch(enablePush('me'));
    await vi.advanceTimersByTimeAsync(UNDO_WAIT_MS);
    expect(seen.result).toEqual({ ok: false, reason: 'failed', message: 'Service indisponible' });
    expect(browser.subscribed).toHaveLength(1);
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

  it('a server that never answers leaves them on, and says so once the time is up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const browser = installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord(record);
    vi.stubGlobal('fetch', hangingFetch([]));
    const seen = watch(disablePush());
    await vi.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS);
    expect(seen.result).toEqual({ ok: false, reason: 'timeout', message: STILL_ON_TIMEOUT_TEXT });
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
