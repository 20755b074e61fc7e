// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser install offer as Chromium makes it: an event with prompt() and the user's answer. */
function offer(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome });
  window.dispatchEvent(event);
  return event;
}

// Each test loads the module afresh: its listener and its once-per-page-load memory start anew.
async function load() {
  vi.resetModules();
  return import('./install-prompt');
}

beforeEach(() => localStorage.clear());

describe('the install offer', () => {
  it('becomes the app’s own button, and the browser’s mini bar is prevented', async () => {
    const { installOffer } = await load();
    const event = offer();
    expect(event.defaultPrevented).toBe(true);
    expect(installOffer.get()).toBe(event);
  });

  it('opens the browser’s dialog once, and is not shown again in this page load', async () => {
    const { installOffer, promptInstall } = await load();
    const event = offer();
    await promptInstall();
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(installOffer.get()).toBeNull();
    offer();
    expect(installOffer.get()).toBeNull();
  });

  it('is put off for a month by "Plus tard", even after a reload, then offered again', async () => {
    const first = await load();
    offer();
    first.dismissInstall();
    expect(first.installOffer.get()).toBeNull();

    const reloaded = await load();
    offer();
    expect(reloaded.installOffer.get()).toBeNull();

    vi.useFakeTimers({ now: Date.now() + 31 * 24 * 3600 * 1000 });
    try {
      const later = await load();
      const event = offer();
      expect(later.installOffer.get()).toBe(event);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the install offer waits until the person is in a village', () => {
  it('is not earned on a fresh device, then earned for good (a reload keeps it)', async () => {
    const first = await load();
    expect(first.installEarned.get()).toBe(false);
    first.earnInstallOffer();
    expect(first.installEarned.get()).toBe(true);
    const reloaded = await load();
    expect(reloaded.installEarned.get()).toBe(true);
  });
});

describe('persistent storage once installed', () => {
  const persist = vi.fn(async () => true);
  beforeEach(() => {
    persist.mockClear();
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persisted: async () => false, persist },
    });
  });

  it('is asked again when the app is installed, and the answer kept', async () => {
    await load();
    expect(persist).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('appinstalled'));
    // Every earlier load of the module in this file listens too: called at least once, not counted.
    await vi.waitFor(() => expect(persist).toHaveBeenCalled());
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('village-storage-persisted') ?? '{}')).toMatchObject({ granted: true }));
  });

  it('is asked at start when opened from the home screen', async () => {
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    try {
      await load();
      await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    } finally {
      Object.defineProperty(navigator, 'standalone', { configurable: true, value: undefined });
    }
  });
});
