import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Runs `act` with the id of the origin's service worker registration, as the CDP events give it. */
async function withRegistration(
  context: BrowserContext,
  page: Page,
  origin: string,
  act: (cdp: CDPSession, registrationId: string) => Promise<unknown>,
) {
  const cdp = await context.newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await act(cdp, await registrationId);
  } finally {
    await cdp.detach();
  }
}

/**
 * Fires the service worker's `sync` event on demand, as the browser does when the network comes back
 * (CDP ServiceWorker.dispatchSyncEvent with the registration id the CDP events give).
 */
export async function dispatchSync(context: BrowserContext, page: Page, tag: string, origin: string) {
  await withRegistration(context, page, origin, (cdp, registrationId) =>
    cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false }),
  );
}

/**
 * Hands the worker a push, as the browser does when its push service delivers one. Headless Chromium has
 * no push service of its own, so the test's local one decrypts the server's push and passes it on here.
 * CDP does not say when the worker has handled it: with `handled`, the session stays open until that
 * holds, and the push is handed over again every 3 s (at most 4 times), as a push service redelivers an
 * unacknowledged message. The caller still asserts what is shown.
 */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string, handled?: () => Promise<boolean>) {
  await withRegistration(context, page, origin, async (cdp, registrationId) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
      if (!handled) return;
      for (const until = Date.now() + 3_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
        if (await handled()) return;
      }
    }
  });
}
