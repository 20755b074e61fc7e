// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  defaultNotificationSettings,
  mergeNotificationSettings,
  type NotificationSettings,
} from '../../contract/notification-settings';
import { db } from '../../db/database';
import { onlineStatus } from '../../pwa/online-status';
import { aUser, aVillage } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { renderScreen } from '../../testing/render-screen';
import { keepSettings } from '../../domain/notification-settings/notification-settings-query';
import { NotificationSettingsPage, PUSH_SCOPE_TEXT, UNVERIFIED_TEXT } from './notification-settings-page';
import { SAVED_LATER_TEXT, SAVED_TEXT } from '../../domain/notification-settings/use-save-status';
import { MUTE_EXPLANATION } from './muted-villages';
import { asRead } from '../../testing/as-read';

await provideAppMutationKinds();

const USER_ID = uuidv7();
const VILLAGE_ID = uuidv7();

/** The server's side: its settings, the PUTs it was sent, and whether it can be reached at all. */
function fakeServer(start: NotificationSettings = DEFAULT_NOTIFICATION_SETTINGS) {
  const state = { settings: start, puts: [] as unknown[], reachable: true, writable: true, refusal: null as string | null };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!state.reachable) throw new TypeError('Failed to fetch');
    const path = new URL(String(input)).pathname;
    if (path !== '/v1/users/me/notification_settings') return json(404, { message: 'inconnu', http_code: 404 });
    if ((init.method ?? 'GET') === 'PUT') {
      if (!state.writable) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body));
      state.puts.push(body);
      if (state.refusal) return json(422, { message: state.refusal, http_code: 422, errors: [] });
      state.settings = mergeNotificationSettings(state.settings, body);
    }
    return json(200, { data: state.settings });
  };
  vi.stubGlobal('fetch', fetchMock);
  return state;
}

beforeEach(async () => {
  localStorage.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: USER_ID });
  await db.users.put(aUser({ id: USER_ID, first_name: 'Claire', email_verified_at: '2026-11-01T10:00:00.000Z' }));
  await db.villages.put(aVillage({ id: VILLAGE_ID, name: 'Le village de Jeanne' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineStatus.set(true);
});

const kind = (legend: string) => within(screen.getByRole('group', { name: legend }));
const emailSwitch = (legend: string) => kind(legend).getByRole('switch', { name: 'Par e-mail' }) as HTMLInputElement;
const status = () => screen.getAllByRole('status').find((el) => el.classList.contains('settings-status'))!;

describe('the notification settings', () => {
  it('shows a switch per kind and channel, each labelled and explained, and the push note for every device', async () => {
    fakeServer();
    await renderScreen(() => <NotificationSettingsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    for (const legend of [
      'Confirmations de vos créneaux',
      'Rappels',
      'Nouveaux créneaux à pourvoir',
      'Discussion',
      'Résumé de la semaine (pour qui organise)',
      'Me prévenir des créneaux urgents',
      'Quand un village a encore besoin de vous',
    ]) {
      await waitFor(() => expect(kind(legend).getAllByRole('switch')).toHaveLength(2));
    }
    // The defaults: chat by e-mail off, the rest on.
    expect(emailSwitch('Discussion').checked).toBe(false);
    expect(emailSwitch('Rappels').checked).toBe(true);
    const push = kind('Rappels').getByRole('switch', { name: 'Par notification' });
    expect(
      push
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent),
    ).toEqual(['La veille au soir de chacun de vos créneaux (et une heure avant, en notification).', PUSH_SCOPE_TEXT]);
    expect(screen.getByText(MUTE_EXPLANATION)).toBeTruthy();
    expect(screen.queryByText(asRead(UNVERIFIED_TEXT))).toBeNull();
    expect(status().textContent).toBe('');
  });

  it('saves one switch at once, sending only it, and says so', async () => {
    const server = fakeServer();
    await renderScreen(() => <NotificationSettingsPage />);
    await waitFor(() => expect(emailSwitch('Nouveaux créneaux à pourvoir').checked).toBe(true));
    fireEvent.click(emailSwitch('Nouveaux créneaux à pourvoir'));
    await waitFor(() => expect(emailSwitch('Nouveaux créneaux à pourvoir').checked).toBe(false));
    await waitFor(() => expect(status().textContent).toBe(SAVED_TEXT));
    expect(server.puts).toEqual([{ email: { new_slots: false } }]);
    expect(server.settings.email.new_slots).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows the urgent slots’ alert off for a member who organises nothing, and turns it on in one tap', async () => {
    const server = fakeServer(defaultNotificationSettings(false));
    await renderScreen(() => <NotificationSettingsPage />);
    await waitFor(() => expect(emailSwitch('Me prévenir des créneaux urgents').checked).toBe(false));
    expect(emailSwitch('Quand un village a encore besoin de vous').checked).toBe(true);
    expect(kind('Me prévenir des créneaux urgents').getByText(/une fois par jour au plus/)).toBeTruthy();
    fireEvent.click(emailSwitch('Me prévenir des créneaux urgents'));
    await waitFor(() => expect(status().textContent).toBe(SAVED_TEXT));
    expect(server.puts).toEqual([{ email: { gaps: true } }]);
  });

  it('keeps a change made offline, shows it through a refetch, and says it will be saved when the network is back', async () => {
    const server = fakeServer();
    const { queryClient } = await renderScreen(() => <NotificationSettingsPage />);
    await waitFor(() => expect(emailSwitch('Rappels').checked).toBe(true));
    server.reachable = false;
    onlineStatus.set(false);
    fireEvent.click(emailSwitch('Rappels'));
    await waitFor(() => expect(emailSwitch('Rappels').checked).toBe(false));
    await waitFor(() => expect(status().textContent).toBe(SAVED_LATER_TEXT));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'update-notification-settings',
      status: 'pending',
      payload: { change: 'switch', channel: 'email', kind: 'reminders', on: false },
    });

    // The server still has reminders on: a refetch does not bring the switch back while the change waits
    // (the write is still kept from arriving, whenever the replayer tries again).
    server.writable = false;
    server.reachable = true;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(queryClient.getQueryState(['notification-settings', USER_ID])?.fetchStatus).toBe('idle'));
    expect(server.settings.email.reminders).toBe(true);
    expect(emailSwitch('Rappels').checked).toBe(false);
  });

  it('a change the server refuses: the switch goes back and the status line says why', async () => {
    const server = fakeServer();
    server.refusal = 'Données invalides';
    await renderScreen(() => <NotificationSettingsPage />);
    await waitFor(() => expect(emailSwitch('Discussion').checked).toBe(false));
    fireEvent.click(emailSwitch('Discussion'));
    await waitFor(() => expect(status().textContent).toBe('Non enregistré\u00a0: Données invalides'));
    await waitFor(() => expect(emailSwitch('Discussion').checked).toBe(false));
    expect(server.puts).toEqual([{ email: { chat: true } }]);
    expect(server.settings.email.chat).toBe(false);
    // Kept in the outbox's list of refused changes, to retry or discard there.
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['failed']);
  });

  it('mutes a village of the user, sending the whole list', async () => {
    const server = fakeServer();
    await renderScreen(() => <NotificationSettingsPage />);
    const mute = (await screen.findByRole('switch', { name: 'Mettre en sourdine «\u00a0Le village de Jeanne\u00a0»' })) as HTMLInputElement;
    expect(mute.checked).toBe(false);
    fireEvent.click(mute);
    await waitFor(() => expect(status().textContent).toBe(SAVED_TEXT));
    expect(mute.checked).toBe(true);
    expect(server.puts).toEqual([{ muted_village_ids: [VILLAGE_ID] }]);
  });

  it('shows the settings last seen on this device when the server cannot be reached', async () => {
    const server = fakeServer();
    server.reachable = false;
    keepSettings(USER_ID, { ...DEFAULT_NOTIFICATION_SETTINGS, email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, weekly_summary: false } });
    await renderScreen(() => <NotificationSettingsPage />);
    await waitFor(() => expect(emailSwitch('Résumé de la semaine (pour qui organise)').checked).toBe(false));
    expect(emailSwitch('Rappels').checked).toBe(true);
  });

  it('does not show another user’s settings kept on this device', async () => {
    const server = fakeServer();
    server.reachable = false;
    keepSettings('someone-else', DEFAULT_NOTIFICATION_SETTINGS);
    await renderScreen(() => <NotificationSettingsPage />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/ne peuvent pas être affichés/);
    expect(screen.queryAllByRole('switch').filter((el) => el.closest('fieldset'))).toHaveLength(0);
  });

  it('tells a person whose address is not verified that no mail goes out yet', async () => {
    fakeServer();
    await db.users.put(aUser({ id: USER_ID, first_name: 'Claire', email_verified_at: null }));
    await renderScreen(() => <NotificationSettingsPage />);
    expect(await screen.findByText(asRead(UNVERIFIED_TEXT))).toBeTruthy();
  });
});
