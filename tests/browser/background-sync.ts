import type { BrowserContext, Page } from 'playwright-core';

/**
 * Fires the service worker's `sync` event on demand, as the browser does when the network comes back
 * (DESIGN.md: CDP ServiceWorker.dispatchSyncEvent with the registration id the CDP events give).
 */
export async function dispatchSync(context: BrowserContext, page: Page, tag: string, origin: string) {
  const cdp = await context.newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag, lastChance: false });
  } finally {
    await cdp.detach();
  }
}
