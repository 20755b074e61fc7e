/**
 * Web Push end to end, in a real Chromium against the real server: the creator turns notifications on from
 * her account; a helper takes a slot and writes in the chat from his own device (the API here); the server
 * encrypts and signs each push for her device and posts it to a push service. Headless Chromium has no push
 * service, so the test plays it: its local endpoint decrypts the push (RFC 8291) and checks the VAPID
 * signature, then hands the payload to her service worker through CDP, as a push service would. The page's
 * `pushManager.subscribe` is replaced to answer that endpoint's subscription; everything else is the app's.
 * Screens checked with axe-core at 390 and 1280 px; screenshots in /tmp/village-push-*.png.
 */
import { DateTime } from 'luxon';
import { formatSlotStart } from '../../src/contract/french-time';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';
import { deliverPush } from './service-worker-events';
import { startPushService, type FakeSubscription, type ReceivedPush } from '../support/push-service';

const service = await startPushService();
afterAll(() => service.close());
const app = await startApp({ PUSH_ALLOW_HTTP: '1' });
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

/** The browser's push manager answers the local push service's subscription (kept across reloads). */
async function fakePushManager(subscription: FakeSubscription) {
  await context.addInitScript((sub) => {
    if (!('PushManager' in self)) return;
    const KEY = 'test-push-subscribed';
    const make = (applicationServerKey: unknown) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { applicationServerKey, userVisibleOnly: true },
      toJSON: () => sub,
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      localStorage.setItem(KEY, '1');
      return make(options?.applicationServerKey ?? null) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? make(null) : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

const shownNotifications = (page: import('playwright-core').Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications())
      .map((n) => ({ title: n.title, body: n.body, tag: n.tag }))
      // The browser's order is its own: by title, so that a list can be compared.
      .sort((a, b) => a.title.localeCompare(b.title)),
  );

describe('push notifications', () => {
  it('are turned on from the account, arrive encrypted for the device, show in French and open the right screen', async () => {
    const claire = await registerUser(app.base, {
      email: 'claire-push@example.org',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const marc = await registerUser(app.base, {
      email: 'marc-push@example.org',
      password: PASSWORD,
      first_name: 'Marc',
      last_name: 'Petit',
    });
    const village = await createOpenVillage(app.base, claire.token);
    const need = await api(app.base, claire.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Courses',
    });
    expect(need.status).toBe(201);
    const needId: string = need.body.data.id;
    const joined = await api(app.base, marc.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode });
    expect(joined.status).toBeLessThan(300);
    const marcId: string = joined.body.data.id;

    const device = service.subscribe();
    await fakePushManager(device);
    await context.grantPermissions(['notifications'], { origin: app.base });
    const page = await signedInPage(context, app.base, claire.token);
    await page.goto(`${app.base}/account`);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: 'Activer les notifications sur cet appareil' }).click();
    await page.getByRole('status').getByText('Les notifications sont activées sur cet appareil.').waitFor();
    await page.getByRole('button', { name: 'Désactiver les notifications sur cet appareil' }).waitFor();
    await checkScreen(page, 'account', 'village-push');

    // Marc takes a slot from his phone: Claire, who manages the village, is told on her device.
    const start = DateTime.now().setZone('Europe/Paris').plus({ days: 3 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const help = await api(app.base, marc.token, 'POST', `/v1/villages/${village.id}/needs/${needId}/helps`, {
      helper_id: marcId,
      start_date: start.toUTC().toISO(),
    });
    expect(help.status).toBe(201);
    const toClaire = (kind: string) => (p: ReceivedPush) => p.endpoint === device.endpoint && (p.json as { kind?: string })?.kind === kind;
    const taken = await service.waitFor(toClaire('help_added'), 10_000);
    expect(taken.status).toBe(201);
    expect(taken.vapid?.audience).toBe(service.origin);
    const slot = formatSlotStart(start.toISO()!);
    expect(taken.json).toMatchObject({
      title: 'Nouvelle aide · Village de Jeanne',
      body: `Marc propose son aide pour «\u00a0Courses\u00a0», ${slot}.`,
      url: `/dashboard/villages/${village.id}/needs/${needId}/helps`,
    });

    // Her browser receives it from the push service: the worker shows it in French.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    const showsTag = (tag: string) => async () => (await shownNotifications(page)).some((n) => n.tag === tag);
    await deliverPush(context, page, app.base, taken.payload, showsTag(`help-${help.body.data.id}`));
    await expect
      .poll(() => shownNotifications(page), { timeout: 10_000 })
      .toEqual([
        {
          title: 'Nouvelle aide · Village de Jeanne',
          body: `Marc propose son aide pour «\u00a0Courses\u00a0», ${slot}.`,
          tag: `help-${help.body.data.id}`,
        },
      ]);

    // A click on it opens the need's helps in her open window.
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(app.base))!;
    await worker.evaluate(async () => {
      // Worker globals, which this file's DOM typings do not know.
      const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const NotificationEvent = (
        self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }
      ).NotificationEvent;
      const [notification] = await sw.registration.getNotifications();
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL(`${app.base}/dashboard/villages/${village.id}/needs/${needId}/helps`);
    await page.getByText('Marc', { exact: false }).first().waitFor();
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // A message while she reads the chat is not shown; the next one, once she is elsewhere, is.
    await page.goto(`${app.base}/dashboard/villages/${village.id}/chat`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The focused tab, as a phone's open app is (the persistent context has another, blank, tab).
    await page.bringToFront();
    await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(true);
    const send = async (body: string) => {
      const sent = await api(app.base, marc.token, 'POST', `/v1/villages/${village.id}/messages`, { villager_id: marcId, body });
      expect(sent.status).toBe(201);
    };
    const pushOf = (endpoint: string, body: string) =>
      service.waitFor((p) => p.endpoint === endpoint && (p.json as { body?: string })?.body === body, 10_000);
    const say = async (body: string) => {
      await send(body);
      return pushOf(device.endpoint, body);
    };
    const first = await say('Je prends le pain en passant.');
    await deliverPush(context, page, app.base, first.payload);
    // Pushes are handled in order: once the help's push (sent again) shows, the chat's was handled, unshown.
    await deliverPush(context, page, app.base, taken.payload, showsTag(`help-${help.body.data.id}`));
    const takenShown = {
      title: 'Nouvelle aide · Village de Jeanne',
      body: `Marc propose son aide pour «\u00a0Courses\u00a0», ${slot}.`,
      tag: `help-${help.body.data.id}`,
    };
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toEqual([takenShown]);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/planning`);
    const second = await say('Et le journal\u00a0?');
    await deliverPush(context, page, app.base, second.payload, showsTag(`chat-${village.id}`));
    await expect
      .poll(() => shownNotifications(page), { timeout: 10_000 })
      .toEqual([{ title: 'Marc · Village de Jeanne', body: 'Et le journal\u00a0?', tag: `chat-${village.id}` }, takenShown]);

    // Turned off: her device is forgotten by the server. Her phone, still on, shows the server still sends.
    const phone = service.subscribe();
    expect((await api(app.base, claire.token, 'POST', '/v1/users/me/push_subscriptions', phone)).status).toBe(201);
    await page.goto(`${app.base}/account`);
    await page.getByRole('button', { name: 'Désactiver les notifications sur cet appareil' }).click();
    await page.getByRole('status').getByText('Les notifications sont désactivées sur cet appareil.').waitFor();
    const before = service.received.filter((p) => p.endpoint === device.endpoint).length;
    await send('Merci à tous\u00a0!');
    await pushOf(phone.endpoint, 'Merci à tous\u00a0!');
    expect(service.received.filter((p) => p.endpoint === device.endpoint)).toHaveLength(before);
  });
});
