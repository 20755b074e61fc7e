import type { Types } from '@amplitude/analytics-browser';

/** The spec's product setting: a session ends after 15 minutes without an event (the SDK's default is 30). */
export const SESSION_TIMEOUT_MS = 15 * 60 * 1000;

/** Reads the key at call time: without one, analytics is off entirely (no SDK loaded, no prompt). */
export const analyticsApiKey = (): string | undefined => import.meta.env.VITE_AMPLITUDE_API_KEY || undefined;

/**
 * The SDK's options, from the spec's section 9: EU zone, flush every second or at 30 events, 5 retries,
 * 15-minute sessions, a first-party cookie for 365 days with SameSite Lax. Autocapture is limited to
 * sessions and campaign attribution (the spec's identity and attribution fields): no page views, clicks
 * or form interactions are recorded behind the user's back, and no remote configuration is fetched.
 */
export const analyticsOptions = (): Types.BrowserOptions => ({
  serverZone: 'EU',
  sessionTimeout: SESSION_TIMEOUT_MS,
  flushIntervalMillis: 1_000,
  flushQueueSize: 30,
  flushMaxRetries: 5,
  cookieOptions: { expiration: 365, sameSite: 'Lax' },
  fetchRemoteConfig: false,
  remoteConfig: { fetchRemoteConfig: false },
  autocapture: {
    sessions: true,
    attribution: { resetSessionOnNewCampaign: true },
    pageViews: false,
    formInteractions: false,
    fileDownloads: false,
    elementInteractions: false,
    frustrationInteractions: false,
    networkTracking: false,
    webVitals: false,
    performanceTracking: false,
    pageUrlEnrichment: false,
  },
});
