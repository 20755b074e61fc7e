import * as v from 'valibot';
import { PushPayload } from '../contract/push';

// The service worker's decisions about a push, kept here so that they are unit tested (vitest does not look in sw/).

/** What a window looks like to these decisions: the fields of `WindowClient` they read. */
export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: string;
}

/** The payload of a push, or null when it is not one this app sends (it is then ignored, not shown). */
export function readPushPayload(data: unknown): PushPayload | null {
  const parsed = v.safeParse(PushPayload, data);
  return parsed.success ? parsed.output : null;
}

/** A same-origin address for an app path; anything else ("//elsewhere.example", a full URL) opens the home page. */
export function appUrl(path: unknown, origin: string): string {
  if (typeof path === 'string' && path.startsWith('/')) {
    try {
      const url = new URL(path, origin);
      if (url.origin === origin) return url.href;
    } catch {
      // not an address: falls through to the home page
    }
  }
  return new URL('/', origin).href;
}

/** A chat message is not shown to someone who is reading that very chat in a window on screen. */
export function staysSilent(payload: PushPayload, windows: readonly WindowLike[], origin: string) {
  if (payload.kind !== 'message') return false;
  const path = new URL(appUrl(payload.url, origin)).pathname;
  return windows.some((w) => w.focused && w.visibilityState === 'visible' && sameOriginPath(w.url, origin) === path);
}

function sameOriginPath(href: string, origin: string) {
  try {
    const url = new URL(href);
    return url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

/** The window a click brings forward: the focused one, else one on screen, else any of this app; none opens a new one. */
export function windowToOpen<W extends WindowLike>(windows: readonly W[], origin: string): W | null {
  const ours = windows.filter((w) => sameOriginPath(w.url, origin) !== null);
  return ours.find((w) => w.focused) ?? ours.find((w) => w.visibilityState === 'visible') ?? ours[0] ?? null;
}
