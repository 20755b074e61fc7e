// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxEntry } from '../../db/database';
import { readOldPending } from '../../outbox/use-old-pending';
import { OldPendingBanner } from './old-pending-banner';

const VILLAGE = '0195a6a4-0000-7000-8000-000000000001';
const OTHER_VILLAGE = '0195a6a4-0000-7000-8000-000000000009';
/** The fixed clock: Saturday 28 November 2026, 09:00 in Paris. */
const NOW = new Date('2026-11-28T08:00:00Z');

let n = 0;
const entry = (fields: Partial<OutboxEntry>): OutboxEntry => ({
  id: `entry-${++n}`,
  userId: 'me',
  kind: 'createNeed',
  payload: {},
  villageId: VILLAGE,
  createdAt: '2026-11-26T10:00:00Z',
  status: 'pending',
  attempts: 3,
  notBefore: 0,
  ...fields,
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeEach(async () => {
  // Only the date is fixed: Dexie and the waits keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.session.put({ key: 'current', token: 'tok', userId: 'me' });
});

const banner = () => screen.queryByRole('status');

describe('writes waiting for more than a day, on the village’s screens', () => {
  it('says how many of this user’s writes of this village wait, and since which day, in French', async () => {
    await db.outbox.bulkAdd([
      entry({}),
      entry({ createdAt: '2026-11-26T17:30:00Z' }),
      // Not counted: less than a day old, refused, another person's, another village's.
      entry({ createdAt: '2026-11-27T12:00:00Z' }),
      entry({ status: 'failed' }),
      entry({ userId: 'someone-else' }),
      entry({ villageId: OTHER_VILLAGE }),
    ]);
    render(<OldPendingBanner villageId={VILLAGE} />);
    await waitFor(() =>
      expect(banner()?.textContent).toBe(
        "2 modifications faites le 26\u00a0novembre attendent encore d'être envoyées\u00a0: elles partiront dès que le serveur répondra.",
      ),
    );
  });

  it('says "depuis" when they were made on several days, the singular for one, and "1er" for a month’s first day', async () => {
    await db.outbox.bulkAdd([entry({ createdAt: '2026-11-01T09:00:00Z' }), entry({ createdAt: '2026-11-20T09:00:00Z' })]);
    expect(await readOldPending(db, VILLAGE, NOW.getTime())).toEqual({
      count: 2,
      first: '2026-11-01T09:00:00Z',
      last: '2026-11-20T09:00:00Z',
    });
    render(<OldPendingBanner villageId={VILLAGE} />);
    await waitFor(() => expect(banner()?.textContent).toMatch(/^2 modifications faites depuis le 1er\u00a0novembre attendent/));

    await act(() => db.outbox.filter((e) => e.createdAt === '2026-11-01T09:00:00Z').delete());
    await waitFor(() =>
      expect(banner()?.textContent).toBe(
        "1 modification faite le 20\u00a0novembre attend encore d'être envoyée\u00a0: elle partira dès que le serveur répondra.",
      ),
    );
  });

  it('says nothing when nothing waits for a day, and goes away once the writes are sent', async () => {
    await db.outbox.add(entry({ createdAt: '2026-11-27T08:00:01Z' }));
    const { container } = render(<OldPendingBanner villageId={VILLAGE} />);
    // A write made 23 h 59 min 59 s ago is not yet a day old.
    expect(await readOldPending(db, VILLAGE, NOW.getTime())).toBeUndefined();
    await act(() => db.outbox.add(entry({ createdAt: '2026-11-27T08:00:00Z' })));
    await waitFor(() => expect(banner()?.textContent).toMatch(/^1 modification faite le 27\u00a0novembre/));
    await act(() => db.outbox.clear());
    await waitFor(() => expect(banner()).toBeNull());
    expect(container.textContent).toBe('');
  });
});
