// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Types } from '@amplitude/analytics-browser';
import { API_PREFIX } from '../contract/endpoints/prefix';
import { aUser } from '../testing/factories';

/** Captures every event the SDK processes and drops it there, so nothing can reach the network. */
function capturePlugin() {
  const events: Types.Event[] = [];
  const configs: Types.BrowserConfig[] = [];
  const plugin: Types.EnrichmentPlugin<Types.BrowserClient, Types.BrowserConfig> = {
    name: 'test-capture',
    type: 'enrichment',
    async setup(config) {
      configs.push(config);
    },
    async execute(event) {
      events.push(event);
      return null;
    },
  };
  const names = () => events.map((e) => e.event_type).filter((name) => !name.startsWith('session_'));
  return { plugin: plugin as Types.Plugin, events, configs, names };
}

/** Every request that leaves the page; API_PREFIX is our own API (stubbed), anything else would be analytics. */
let requests: string[] = [];

/** Each test gets the module fresh: the running instance is module state. */
const load = async () => import('./analytics');

const ALICE = { uuid: '0190c0de-0000-7000-8000-00000000a11c', analytics_consent: true };

beforeEach(() => {
  vi.resetModules();
  // An event dropped by the capture plugin is logged by the SDK as an error with no text: noise here.
  const consoleError = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Amplitude Logger')) consoleError(...args);
  });
  localStorage.clear();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`));
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init: RequestInit = {}) => {
      requests.push(String(url));
      // The API answers the saved user, as the server does.
      const consent = init.body ? (JSON.parse(String(init.body)) as { analytics_consent?: boolean }).analytics_consent : null;
      const user = aUser({ id: 'u1', uuid: ALICE.uuid, analytics_consent: consent ?? null });
      return new Response(JSON.stringify({ data: user }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  vi.stubEnv('VITE_AMPLITUDE_API_KEY', 'test-api-key');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  expect(requests.filter((url) => !new URL(url, 'http://localhost').pathname.startsWith(API_PREFIX))).toEqual([]);
});

describe('analytics', () => {
  it('is off entirely without an API key: nothing starts, nothing is captured', async () => {
    vi.stubEnv('VITE_AMPLITUDE_API_KEY', '');
    const analytics = await load();
    const capture = capturePlugin();
    expect(await analytics.startAnalytics(ALICE, [capture.plugin])).toBe(false);
    analytics.track('app-opened');
    expect(analytics.analyticsClient()).toBeNull();
    expect(capture.configs).toHaveLength(0);
  });

  it.each([null, false])('does not start for a user whose consent is %s', async (consent) => {
    const analytics = await load();
    const capture = capturePlugin();
    expect(await analytics.startAnalytics({ ...ALICE, analytics_consent: consent }, [capture.plugin])).toBe(false);
    analytics.track('app-opened');
    expect(analytics.analyticsClient()).toBeNull();
    expect(capture.configs).toHaveLength(0);
    expect(capture.events).toHaveLength(0);
  });

  it('starts in the EU zone with 15-minute sessions and the spec’s flush settings', async () => {
    const analytics = await load();
    const capture = capturePlugin();
    expect(await analytics.startAnalytics(ALICE, [capture.plugin])).toBe(true);
    const [config] = capture.configs;
    expect(config.serverZone).toBe('EU');
    expect(config.sessionTimeout).toBe(15 * 60 * 1000);
    expect(config.flushIntervalMillis).toBe(1_000);
    expect(config.flushQueueSize).toBe(30);
    expect(config.flushMaxRetries).toBe(5);
    expect(config.optOut).toBe(false);
  });

  it('sends the spec’s event names with the user’s uuid', async () => {
    const analytics = await load();
    const capture = capturePlugin();
    await analytics.startAnalytics(ALICE, [capture.plugin]);
    analytics.track('app-opened');
    analytics.track('add_help', { village_id: 'v1' });
    await vi.waitFor(() => expect(capture.names()).toEqual(['app-opened', 'add_help']));
    const addHelp = capture.events.find((e) => e.event_type === 'add_help')!;
    expect(addHelp.user_id).toBe(ALICE.uuid);
    expect(addHelp.event_properties).toEqual({ village_id: 'v1' });
    expect(addHelp.session_id).toBeTypeOf('number');
  });

  it('opts out when consent is withdrawn: nothing more is processed', async () => {
    const analytics = await load();
    const capture = capturePlugin();
    await analytics.startAnalytics(ALICE, [capture.plugin]);
    analytics.track('app-opened');
    await vi.waitFor(() => expect(capture.names()).toEqual(['app-opened']));
    expect(await analytics.startAnalytics({ ...ALICE, analytics_consent: false })).toBe(false);
    expect((await analytics.analyticsClient())!.getOptOut()).toBe(true);
    analytics.track('leave_village');
    await new Promise((r) => setTimeout(r, 50));
    expect(capture.names()).toEqual(['app-opened']);
  });

  it('logs logout, then forgets the user: later events are dropped', async () => {
    const analytics = await load();
    const capture = capturePlugin();
    await analytics.startAnalytics(ALICE, [capture.plugin]);
    analytics.track('logout');
    expect(analytics.analyticsClient()).toBeNull();
    analytics.track('app-opened');
    await vi.waitFor(() => expect(capture.names()).toEqual(['logout']));
    expect(capture.events.find((e) => e.event_type === 'logout')!.user_id).toBe(ALICE.uuid);
  });

  it('keeps the SDK out of the module: it is imported only when analytics starts', async () => {
    const source = await import('./analytics.ts?raw');
    expect(source.default).not.toMatch(/^import\s+(?!type)[^;]*@amplitude/m);
    expect(source.default).toContain("import('@amplitude/analytics-browser')");
  });
});

describe('the consent choice', () => {
  const lastPut = () => {
    const [url, init] = vi.mocked(fetch).mock.calls.at(-1) as [URL, RequestInit];
    return { url: String(url), method: init.method, body: JSON.parse(String(init.body)) };
  };

  it('stores a refusal on the account and starts nothing', async () => {
    const { consentStore, chooseAnalyticsConsent } = await import('./consent');
    consentStore.set({ id: 'u1', uuid: ALICE.uuid, analytics_consent: null });
    expect(await chooseAnalyticsConsent(false)).toBe(true);
    expect(lastPut()).toEqual({ url: expect.stringMatching(/\/v1\/users\/u1$/), method: 'PUT', body: { analytics_consent: false } });
    expect(consentStore.get()?.analytics_consent).toBe(false);
    expect((await load()).analyticsClient()).toBeNull();
  });

  it('can be changed later: refused opts out, accepted again resumes', async () => {
    const analytics = await load();
    const capture = capturePlugin();
    await analytics.startAnalytics(ALICE, [capture.plugin]);
    const { consentStore, chooseAnalyticsConsent } = await import('./consent');
    consentStore.set({ id: 'u1', ...ALICE });
    await chooseAnalyticsConsent(false);
    analytics.track('copy_code');
    await chooseAnalyticsConsent(true);
    expect(lastPut().body).toEqual({ analytics_consent: true });
    analytics.track('share_code');
    await vi.waitFor(() => expect(capture.names()).toEqual(['share_code']));
  });
});

describe('the end of a session', () => {
  it('forgets the user and stops analytics when the session is cleared (sign-out or 401)', async () => {
    const analytics = await load();
    const capture = capturePlugin();
    const { beginAnalytics, consentStore } = await import('./consent');
    const { appState } = await import('../state/app-state');
    appState.set({ initialised: true });
    await analytics.startAnalytics(ALICE, [capture.plugin]);
    await beginAnalytics({ id: 'u1', ...ALICE });
    await vi.waitFor(() => expect(capture.names()).toEqual(['app-opened']));
    appState.set({ initialised: false });
    expect(consentStore.get()).toBeNull();
    expect(analytics.analyticsClient()).toBeNull();
    analytics.track('add_help');
    await new Promise((r) => setTimeout(r, 50));
    expect(capture.names()).toEqual(['app-opened']);
  });
});
