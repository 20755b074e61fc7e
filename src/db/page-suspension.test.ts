import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VillageDatabase } from './database';
import { releaseDatabaseWhenPageIsCached, type PageWindow } from './page-suspension';

let database: VillageDatabase;
afterEach(() => database?.delete());

/** A window as the function uses it: page transition events, and a reload to watch. */
function fakeWindow() {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = Object.assign(target, { location: { reload } }) as unknown as PageWindow;
  const transition = (type: 'pagehide' | 'pageshow', persisted: boolean) =>
    target.dispatchEvent(Object.assign(new Event(type), { persisted }));
  return { win, reload, transition };
}

async function freshDatabase() {
  database = new VillageDatabase(`suspension-${crypto.randomUUID()}`);
  await database.open();
  return database;
}

describe('a page put in the back/forward cache', () => {
  it('keeps the transactions not yet over, and forgets each one when it ends', async () => {
    const db = await freshDatabase();
    let during = 0;
    await db.transaction('rw', db.villages, async () => {
      await db.villages.put({ id: 'v1' } as never);
      during = db.openTransactions.size;
    });
    expect(during).toBe(1);
    expect(db.openTransactions.size).toBe(0);
  });

  it('aborts the transactions in flight when it is cached, so the next page is not kept waiting behind them', async () => {
    const db = await freshDatabase();
    const { win, reload, transition } = fakeWindow();
    releaseDatabaseWhenPageIsCached(db.openTransactions, win);
    const write = db.transaction('rw', db.villages, () => {
      const put = db.villages.put({ id: 'v1' } as never);
      transition('pagehide', true);
      return put;
    });
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    expect(db.openTransactions.size).toBe(0);
    expect(await db.villages.count()).toBe(0);
    // Brought back: its reads were cut, so it starts again.
    transition('pageshow', true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a page that is unloaded, or cached with nothing in flight, as it is', async () => {
    const db = await freshDatabase();
    const { win, reload, transition } = fakeWindow();
    releaseDatabaseWhenPageIsCached(db.openTransactions, win);
    await db.transaction('rw', db.villages, async () => {
      transition('pagehide', false);
      await db.villages.put({ id: 'v1' } as never);
    });
    expect(await db.villages.count()).toBe(1);
    // The read's transaction ends just after its answer.
    await vi.waitFor(() => expect(db.openTransactions.size).toBe(0));
    transition('pagehide', true);
    transition('pageshow', true);
    expect(reload).not.toHaveBeenCalled();
  });
});
