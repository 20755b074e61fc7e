import { API_PREFIX } from '../../contract/endpoints/prefix';

/**
 * The installed app opened by a link (a join link tapped in a mail or a chat): the manifest's
 * `launch_handler` hands the launch to the running window and `launchQueue` tells it the address, which the
 * router then shows. Chromium only; elsewhere the link opens as a plain page, which works as well.
 */
interface LaunchParams {
  readonly targetURL?: string;
}

interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

declare global {
  interface Window {
    launchQueue?: LaunchQueue;
  }
}

/** Addresses on the app's origin that are not the app's own pages (the API, photos, static files). */
const NOT_APP_PATHS = [API_PREFIX, '/uploads/', '/static/'];

/** The in-app address of a launch, or null when it is not one of this app's pages. */
export function appHrefOf(targetURL: string | undefined, origin: string): string | null {
  if (!targetURL) return null;
  let url: URL;
  try {
    url = new URL(targetURL);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (NOT_APP_PATHS.some((prefix) => url.pathname.startsWith(prefix))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface LaunchRouter {
  navigate(options: { href: string }): Promise<unknown> | unknown;
}

export function consumeLaunches(router: LaunchRouter, win: Pick<Window, 'launchQueue' | 'location'> = window) {
  win.launchQueue?.setConsumer((params) => {
    const href = appHrefOf(params.targetURL, win.location.origin);
    if (!href) return;
    // "navigate-existing" has already loaded that address: only a "focus-existing" launch needs routing.
    const current = `${win.location.pathname}${win.location.search}${win.location.hash}`;
    if (href === current) return;
    void router.navigate({ href });
  });
}
