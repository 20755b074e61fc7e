/**
 * The security headers of every answer, two sets: the app's (its HTML shell, scripts, worker, manifest,
 * icons, photos) and the API's (`/v1`, JSON and the calendar feeds). Written by the HTTP server into each
 * answer's head (serve-node.ts says how, and why not through Hono).
 */

/** Where the analytics SDK sends its events: the EU zone (`serverZone: 'EU'` in src/analytics/analytics-options.ts). */
export const ANALYTICS_ORIGIN = 'https://api.eu.amplitude.com';

export interface SecuritySettings {
  /** PUBLIC_URL: photos are addressed under it (serialize.ts), and an https one turns HSTS on. */
  publicUrl: string;
  /** The origin the app's build sends its analytics events to, when analytics is configured. */
  analyticsOrigin?: string;
  /** The origin of /v1 when the build was told another one (VITE_API_URL). */
  apiOrigin?: string;
}

export type HeaderPairs = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * Features the app never asks for, refused to the page and to anything it could embed. The photo upload is a
 * file input (no `capture`), which needs none of them. Only names Chromium knows: an unknown one is a console
 * warning on every page. Passkeys (`publickey-credentials-get`, `-create`) keep their default: this origin only.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A year, the usual HSTS lifetime; no includeSubDomains, as the server cannot know what else runs under its domain. */
const HSTS = 'max-age=31536000';

/**
 * The hash of index.html's one inline script, `data-early-loads` (the sign-in and join pages' code asked for as
 * the page is read: vite.config.ts, earlyLoads). Its text never changes with a build (the files it asks for are
 * its attributes, which the hash does not cover); security-headers.test.ts checks this against index.html.
 */
export const EARLY_LOADS_SCRIPT = "'sha256-ncBLMEVALW0Mrd3HSwUBXuOvDA8yTVOg75GJtApgW00='";

/**
 * The app's policy. Scripts only from the origin and no eval: the built index.html loads one module and its
 * preloads (vite's build), and runs one inline script, allowed by its hash alone (EARLY_LOADS_SCRIPT); React sets styles through the DOM's style
 * properties, which CSP does not govern, and the build's styles are files: `style-src 'self'`, no
 * 'unsafe-inline'. Images: the origin, photos under PUBLIC_URL (proxied from S3 by /uploads when S3_URL is
 * set, so the bucket's host never reaches the page), `blob:` for a photo's preview before its upload and
 * `data:` for icons a library may inline. The worker and the manifest come from the origin.
 */
function appPolicy({ publicUrl, analyticsOrigin, apiOrigin }: SecuritySettings) {
  const self = new URL(publicUrl).origin;
  // PUBLIC_URL too: the worker fetches the photos addressed under it for its run-time cache, and a worker's fetch
  // is a connection (an app reached through another origin than PUBLIC_URL, as behind the fault tests' proxy).
  const connect = ["'self'", self, ...(apiOrigin ? [apiOrigin] : []), ...(analyticsOrigin ? [analyticsOrigin] : [])];
  const img = ["'self'", self, ...(apiOrigin ? [apiOrigin] : []), 'data:', 'blob:'];
  return [
    "default-src 'self'",
    `script-src 'self' ${EARLY_LOADS_SCRIPT}`,
    "style-src 'self'",
    `img-src ${[...new Set(img)].join(' ')}`,
    "font-src 'self'",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON and calendars load nothing: a document opened from them may do nothing either, nor be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The two sets of headers, computed once at start. */
export function securityHeaders(settings: SecuritySettings): { app: HeaderPairs; api: HeaderPairs } {
  const common: HeaderPairs = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ...(settings.publicUrl.startsWith('https:') ? ([['Strict-Transport-Security', HSTS]] as const) : []),
  ];
  return {
    app: [...common, ['Content-Security-Policy', appPolicy(settings)], ['Permissions-Policy', PERMISSIONS_POLICY]],
    api: [...common, ['Content-Security-Policy', API_POLICY]],
  };
}

/** Whether a request's target is the API's: `/v1`, `/v1/…` or `/v1?…`. */
export const isApiTarget = (url: string) => url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');
