import type { Types } from '@amplitude/analytics-browser';
import { analyticsApiKey, analyticsOptions } from './analytics-options';

/** The spec's tracked events (section 9), with the app's own app-opened. Village features use theirs from here. */
export type AnalyticsEvent =
  | 'app-opened'
  | 'logout'
  | 'delete_account'
  | 'start_village_creation'
  | 'finish_village_creation'
  | 'add_help'
  | 'delete_help'
  | 'refuse_help'
  | 'leave_village'
  | 'copy_code'
  | 'share_code';

/** What analytics needs of the user: whom to count (uuid) and whether they agreed. */
export interface AnalyticsUser {
  uuid: string;
  analytics_consent: boolean | null;
}

/** The running SDK instance, or null: off (no key), not asked, refused, or signed out. */
let client: Promise<Types.BrowserClient> | null = null;

/** After a sign-out the next user of this device must not inherit the previous identity. */
const LEAVING_EVENTS: ReadonlySet<AnalyticsEvent> = new Set(['logout', 'delete_account']);

/**
 * Starts analytics for a signed-in user who accepted it: the SDK is imported here, lazily, so it never
 * weighs on the first screen. Refused or not yet asked: nothing is loaded and nothing is sent; an instance
 * already running (consent just withdrawn) is opted out. `plugins` are added before init (tests capture
 * events with one). Answers whether analytics now runs.
 */
export async function startAnalytics(user: AnalyticsUser, plugins: Types.Plugin[] = []): Promise<boolean> {
  const apiKey = analyticsApiKey();
  if (!apiKey) return false;
  if (user.analytics_consent !== true) {
    if (client) (await client).setOptOut(true);
    return false;
  }
  if (client) {
    const running = await client;
    running.setOptOut(false);
    running.setUserId(user.uuid);
    return true;
  }
  client = import('@amplitude/analytics-browser').then(async ({ createInstance }) => {
    const instance = createInstance();
    for (const plugin of plugins) await instance.add(plugin).promise;
    await instance.init(apiKey, user.uuid, { ...analyticsOptions(), optOut: false }).promise;
    return instance;
  });
  await client;
  return true;
}

/** Logs one event if analytics runs; otherwise it is dropped, never queued for later. */
export function track(event: AnalyticsEvent, properties?: Record<string, unknown>): void {
  const running = client;
  if (!running) return;
  void running.then((instance) => instance.track(event, properties).promise);
  if (LEAVING_EVENTS.has(event)) void stopAnalytics();
}

/** Sends what is queued and forgets the identity and the instance (sign-out, account deletion). */
export async function stopAnalytics(): Promise<void> {
  const running = client;
  client = null;
  if (!running) return;
  const instance = await running;
  await instance.flush().promise;
  instance.reset();
}

/** The running instance, for tests and diagnostics. */
export const analyticsClient = () => client;
