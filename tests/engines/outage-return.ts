/**
 * How long writes made during an outage wait once the server answers again, with the app open, the same
 * journey for each engine (tests/browser/return-after-outage.test.ts for Chromium, tests/engines/*-return.test.ts
 * for Firefox and WebKit): three chat messages written with the server stopped, the device's backoff brought to
 * its cap (every entry put off 5 minutes, as some nine failed tries would leave it: waiting that long in real time
 * would make the suite slow, not the test truer), the server started, and the time until the three are on it,
 * once each and in order. Everything in the page goes through script text, which every driver runs alike.
 */
import { expect } from 'vitest';
import { api, createOpenVillage, registerUser, type AppServer } from '../browser/harness';
import { SYNC_EVENT_BUDGET_MS, SYNC_EVENT_LOCK } from '../../src/outbox/sync-replay';

/** The most a write may wait once the server answers again (issue 39). */
export const RETURN_TARGET_MS = 5_000;

/** What the journey needs of a browser: open an address, and evaluate an expression (a promise is awaited). */
export interface PageDriver {
  goto(url: string): Promise<void>;
  run<T>(expression: string): Promise<T>;
}

export async function until<T>(driver: PageDriver, expression: string, what: string, timeout = 45_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await driver.run<T>(expression);
      if (last) return last as T;
    } catch (error) {
      // A navigation under way: look again.
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The device's outbox, read with IndexedDB itself (the app's store is named « village »). */
export const OUTBOX = `new Promise((resolve, reject) => {
  const open = indexedDB.open('village');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const read = open.result.transaction('outbox').objectStore('outbox').getAll();
    read.onsuccess = () => { open.result.close(); resolve(read.result); };
    read.onerror = () => reject(read.error);
  };
})`;

/** Every waiting entry put off 5 minutes, with the tries of a long outage behind it. */
const AT_BACKOFF_CAP = `new Promise((resolve, reject) => {
  const open = indexedDB.open('village');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('outbox', 'readwrite');
    const store = tx.objectStore('outbox');
    const all = store.getAll();
    all.onsuccess = () => {
      for (const e of all.result) store.put({ ...e, attempts: 9, notBefore: Date.now() + 5 * 60000, lastError: { kind: 'network' } });
    };
    tx.oncomplete = () => { open.result.close(); resolve(all.result.length); };
    tx.onerror = () => reject(tx.error);
  };
})`;

/** Types a message in the chat's field and sends it, as the form does (React reads the field's input event). */
const sendMessage = (text: string) => `(async () => {
  const box = document.querySelector('.chat-composer textarea');
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(box, ${JSON.stringify(text)});
  box.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((r) => setTimeout(r, 100));
  box.form.requestSubmit();
  return true;
})()`;

export interface ReturnMeasure {
  /** From the server answering its health call again to the last of the three messages on it. */
  returnMs: number;
}

/** The journey; `engine` names the accounts. Fails past RETURN_TARGET_MS, or on a message lost, doubled or out of order. */
export async function measureReturnAfterOutage(app: AppServer, driver: PageDriver, engine: string): Promise<ReturnMeasure> {
  const { token } = await registerUser(app.base, {
    email: `retour-${engine}@example.org`,
    password: 'motdepasse-solide-1',
    first_name: 'Claire',
    last_name: 'Durand',
  });
  const { id } = await createOpenVillage(app.base, token);

  await driver.goto(`${app.base}/auth/login`);
  await driver.run(`localStorage.setItem('ga-token', ${JSON.stringify(token)}) || true`);
  await driver.goto(`${app.base}/dashboard/villages/${id}/chat`);
  await until(driver, `!!document.querySelector('.chat-composer textarea')`, 'the chat');
  await until(driver, `navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'`, 'the worker');

  const bodies = [1, 2, 3].map((n) => `Message ${n} écrit pendant la panne (${engine})`);
  await app.stop();
  try {
    for (const [i, body] of bodies.entries()) {
      await driver.run(sendMessage(body));
      await until(driver, `${OUTBOX}.then((all) => all.length === ${i + 1})`, `message ${i + 1} queued`, 10_000);
    }
    // The page has met the outage (each write tried it at once). Where there is Background Sync, the worker's
    // sync event has tried too, and given up (src/outbox/sync-replay.ts): the browser would fire it again only
    // minutes later. Then the device's backoff is brought to its cap. The event gives up SYNC_STALL_MS after its
    // last progress, and a page's drain it meets ("busy") counts as progress, so it may last longer (measured
    // 21-40 s here): its own bound is SYNC_EVENT_BUDGET_MS. The lock free for a second also covers a sync
    // registered again while the event ran, which Chromium fires as soon as it ends.
    await new Promise((r) => setTimeout(r, 2_000));
    const syncEventFree = `navigator.locks.query().then((s) => !s.held.some((l) => l.name === ${JSON.stringify(SYNC_EVENT_LOCK)}))`;
    await until(
      driver,
      `${syncEventFree}.then((free) => free && new Promise((r) => setTimeout(r, 1000)).then(() => ${syncEventFree}))`,
      'the sync event given up',
      SYNC_EVENT_BUDGET_MS + 10_000,
    );
    expect(await driver.run<number>(AT_BACKOFF_CAP)).toBe(3);
    // A probe or a drain finds the server still away (the page probes every 2 s).
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await driver.run<number>(`${OUTBOX}.then((all) => all.filter((e) => e.status === 'pending').length)`)).toBe(3);
  } finally {
    // Resolves once the server answers its health call (tests/browser/harness.ts polls it every 200 ms).
    await app.start();
  }
  const answered = Date.now();
  const onServer = async () =>
    ((await api(app.base, token, 'GET', `/v1/villages/${id}/messages`)).body.data as { body: string; created_at: string }[]) ?? [];
  let seen: { body: string; created_at: string }[] = [];
  for (;;) {
    seen = await onServer();
    if (seen.length >= bodies.length || Date.now() - answered > 60_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const returnMs = Date.now() - answered;
  // Once each, in the order written: nothing more comes a moment later.
  await new Promise((r) => setTimeout(r, 1_000));
  const mine = (await onServer()).filter((m) => m.body.includes(`(${engine})`));
  const inOrder = [...mine].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((m) => m.body);
  expect(inOrder).toEqual(bodies);
  console.info(`return after an outage, ${engine}: the 3 writes on the server ${returnMs} ms after it answered again`);
  expect(returnMs, `writes on the server within ${RETURN_TARGET_MS} ms of its return`).toBeLessThanOrEqual(RETURN_TARGET_MS);
  await until(driver, `${OUTBOX}.then((all) => all.length === 0)`, 'the outbox emptied', 10_000);
  return { returnMs };
}
