// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithRouter } from '../../testing/render-screen';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { onlineStatus } from '../../pwa/online-status';
import { ENDPOINT, installFakePush, uninstallFakePush, VAPID_KEY } from '../../testing/fake-push-browser';
import {
  ACTIVATION_WAIT_MS,
  BLOCKED_PUSH_TEXT,
  DENIED_PUSH_TEXT,
  NO_SERVICE_PUSH_TEXT,
  OFFLINE_PUSH_TEXT,
  STILL_ON_OFFLINE_TEXT,
  SUBSCRIBE_TIMEOUT_TEXT,
  UNSUPPORTED_PUSH_TEXT,
} from '../../domain/push/push-device';
import { readPushRecord, writePushRecord } from '../../domain/push/push-record';
import {
  EMAIL_INSTEAD_HERE_TEXT,
  EMAIL_INSTEAD_LINK,
  EMAIL_INSTEAD_TEXT,
  ENABLING_TEXT,
  PUSH_OFF_TEXT,
  PUSH_ON_TEXT,
  PushSettings,
} from './push-settings';
import { answerFetch } from '../../testing/answer-fetch';
import { aUser } from '../../testing/factories';
import { asRead } from '../../testing/as-read';

const user = aUser({ id: 'me', email: 'claire@example.test', first_name: 'Claire', last_name: 'Durand' });
const ENABLE = 'Activer les notifications sur cet appareil';
const DISABLE = 'Désactiver les notifications sur cet appareil';
const RETRY = "Réessayer d'activer les notifications";
const keyAnswer = { status: 200, body: { data: { public_key: VAPID_KEY } } };
const savedAnswer = { status: 201, body: { data: { id: 'sub-1', endpoint: ENDPOINT } } };
const registration = async () => (await navigator.serviceWorker.getRegistration())!;

beforeEach(async () => {
  localStorage.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: 'me' });
  await db.users.put(user);
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  uninstallFakePush();
  onlineStatus.set(true);
});

describe('the notifications section', () => {
  it('turns notifications on for this device and says so', async () => {
    installFakePush();
    const { fetchMock, requests } = answerFetch(
      { status: 200, body: { data: { public_key: VAPID_KEY } } },
      { status: 201, body: { data: { id: 'sub-1', endpoint: ENDPOINT } } },
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <PushSettings />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Notifications' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: ENABLE }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(PUSH_ON_TEXT));
    expect(screen.getByRole('button', { name: DISABLE })).toBeTruthy();
    expect(requests[1].method).toBe('POST');
    expect(readPushRecord()?.subscriptionId).toBe('sub-1');
  });

  it('shows the French message when the permission is refused, and sends nothing', async () => {
    installFakePush({ answer: 'denied' });
    const { fetchMock, requests } = answerFetch();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: ENABLE }));
    expect((await screen.findByRole('alert')).textContent).toBe(DENIED_PUSH_TEXT);
    expect(requests).toHaveLength(0);
    // Refused: the mails are offered instead, where they are chosen.
    expect(screen.getByText(EMAIL_INSTEAD_TEXT, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: EMAIL_INSTEAD_LINK }).getAttribute('href')).toBe('/account/notifications');
    // The message explains the button that offers another try.
    const retry = screen.getByRole('button', { name: RETRY });
    expect(retry.textContent).toBe("Réessayer d'activer les notifications");
    expect(retry.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('while it works, says so and takes no second click; a subscription that never settles ends in the timed-out message, then a retry succeeds', async () => {
    const browser = installFakePush();
    const reg = await registration();
    const subscribe = reg.pushManager.subscribe;
    reg.pushManager.subscribe = () => new Promise(() => undefined);
    const { fetchMock, requests } = answerFetch(keyAnswer, keyAnswer, savedAnswer);
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <PushSettings />);
    const button = await screen.findByRole('button', { name: ENABLE });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(button);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toBe(ENABLING_TEXT);
    expect(button.textContent).toBe('Activation des notifications…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(browser.prompts).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toBe(SUBSCRIBE_TIMEOUT_TEXT);
    expect(screen.getByRole('status').textContent).toBe('');
    const retry = screen.getByRole('button', { name: RETRY });
    expect(retry.getAttribute('aria-disabled')).toBeNull();

    // The push service answers again: the retry turns them on.
    reg.pushManager.subscribe = subscribe;
    fireEvent.click(retry);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toBe(PUSH_ON_TEXT);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: DISABLE })).toBeTruthy();
    expect(requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
    expect(readPushRecord()?.subscriptionId).toBe('sub-1');
  });

  it('says when the browser has no push service', async () => {
    installFakePush();
    (await registration()).pushManager.subscribe = () =>
      Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
    vi.stubGlobal('fetch', answerFetch(keyAnswer).fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderWithRouter(() => <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: ENABLE }));
    expect((await screen.findByRole('alert')).textContent).toBe(NO_SERVICE_PUSH_TEXT);
    expect(screen.getByRole('button', { name: RETRY })).toBeTruthy();
    expect(readPushRecord()).toBeNull();
  });

  it('turns them off', async () => {
    const browser = installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord({ userId: 'me', subscriptionId: 'sub-1', endpoint: ENDPOINT });
    const { fetchMock, requests } = answerFetch({ status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(() => <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: DISABLE }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(PUSH_OFF_TEXT));
    expect(requests.map((r) => r.method)).toEqual(['DELETE']);
    expect(browser.unsubscribed).toHaveLength(1);
    expect(screen.getByRole('button', { name: ENABLE })).toBeTruthy();
  });

  it('offline, keeps them on and says it cannot turn them off', async () => {
    installFakePush({ permission: 'granted', existingKey: VAPID_KEY });
    writePushRecord({ userId: 'me', subscriptionId: 'sub-1', endpoint: ENDPOINT });
    onlineStatus.set(false);
    await renderWithRouter(() => <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: DISABLE }));
    expect((await screen.findByRole('alert')).textContent).toBe(STILL_ON_OFFLINE_TEXT);
    expect(screen.getByRole('status').textContent).toBe(PUSH_ON_TEXT);
    expect(readPushRecord()).not.toBeNull();
  });

  it('offline, cannot turn them on either', async () => {
    installFakePush();
    onlineStatus.set(false);
    await renderWithRouter(() => <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: ENABLE }));
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_PUSH_TEXT);
  });

  it('shows the server message when it refuses', async () => {
    installFakePush();
    vi.stubGlobal(
      'fetch',
      answerFetch({ status: 403, body: { message: "Vous n'avez pas accès à ce service.", http_code: 403 } }).fetchMock,
    );
    await renderWithRouter(() => <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: ENABLE }));
    expect((await screen.findByRole('alert')).textContent).toBe("Vous n'avez pas accès à ce service.");
  });

  it('explains when this browser cannot receive notifications, with no button, and offers the mails instead', async () => {
    await renderWithRouter(() => <PushSettings />);
    expect(await screen.findByText(UNSUPPORTED_PUSH_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: EMAIL_INSTEAD_LINK })).toBeTruthy();
  });

  it('on the page of the e-mail switches, points to them rather than linking to itself', async () => {
    await renderWithRouter(() => <PushSettings emailChoicesHere />);
    expect(await screen.findByText(asRead(EMAIL_INSTEAD_HERE_TEXT))).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers no mails while push may still work (offline: try again later)', async () => {
    installFakePush();
    onlineStatus.set(false);
    await renderWithRouter(() => <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: ENABLE }));
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_PUSH_TEXT);
    expect(screen.queryByRole('link', { name: EMAIL_INSTEAD_LINK })).toBeNull();
  });

  it('tells up front when notifications are blocked for the site', async () => {
    installFakePush({ permission: 'denied' });
    await renderWithRouter(() => <PushSettings />);
    expect(await screen.findByText(BLOCKED_PUSH_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: ENABLE })).toBeTruthy();
  });
});
