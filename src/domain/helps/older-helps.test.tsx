// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { aHelp } from '../../testing/factories';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { clearToken, setToken } from '../../session/token';
import { useHelpsOfPeriod } from './older-helps';

await provideAppMutationKinds();
const VILLAGE = '0190a000-0000-7000-8000-000000000001';
const DAY = 24 * 3600_000;

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  clearToken();
  await Promise.all(db.tables.map((table) => table.clear()));
});

function server(pages: Array<{ data: unknown[]; has_more: boolean } | 'offline'>) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url);
      const page = pages.shift();
      if (!page || page === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

describe('the helps of a period before the pulled ones', () => {
  it('are read page after page into the device, once per session', async () => {
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', userId: 'u1' });
    const helps = [aHelp({ village_id: VILLAGE, start_date: iso(-150) }), aHelp({ village_id: VILLAGE, start_date: iso(-160) })];
    const asked = server([
      { data: [helps[0]], has_more: true },
      { data: [helps[1]], has_more: false },
    ]);
    const [from, to] = [iso(-180), iso(-120)];
    const { result, unmount } = renderHook(() => useHelpsOfPeriod(VILLAGE, from, to));
    await waitFor(() => expect(result.current).toBe('all'));
    expect(asked.map((url) => [url.pathname, url.searchParams.get('from'), url.searchParams.get('before')])).toEqual([
      [`/v1/villages/${VILLAGE}/helps`, from, to],
      [`/v1/villages/${VILLAGE}/helps`, from, helps[0].id],
    ]);
    expect((await db.helps.toArray()).map((h) => h.id).sort()).toEqual(helps.map((h) => h.id).sort());
    unmount();
    // Shown again: nothing asked.
    const again = renderHook(() => useHelpsOfPeriod(VILLAGE, from, to));
    expect(again.result.current).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('ask nothing for a period the pull holds, and say when the network is missing', async () => {
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', userId: 'u1' });
    const asked = server([]);
    const [recentFrom, recentTo, oldFrom, oldTo] = [iso(-10), iso(20), iso(-400), iso(-370)];
    expect(renderHook(() => useHelpsOfPeriod(VILLAGE, recentFrom, recentTo)).result.current).toBeNull();
    const { result } = renderHook(() => useHelpsOfPeriod(VILLAGE, oldFrom, oldTo));
    await waitFor(() => expect(result.current).toBe('offline'));
    expect(asked).toHaveLength(1);
  });

  it('ask nothing while the period shown is not known yet', async () => {
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', userId: 'u1' });
    const asked = server([{ data: [], has_more: false }]);
    // The planning passes empty bounds until its first read of the device's helps has answered.
    const { result, rerender } = renderHook(({ from, to }) => useHelpsOfPeriod(VILLAGE, from, to), { initialProps: { from: '', to: '' } });
    expect(result.current).toBeNull();
    // Long enough for the session's read and a request, had one been sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toHaveLength(0);
    const [from, to] = [iso(-200), iso(-170)];
    rerender({ from, to });
    await waitFor(() => expect(result.current).toBe('all'));
    expect(asked.map((url) => url.searchParams.get('from'))).toEqual([from]);
  });

  it('are read again once the network is back', async () => {
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', userId: 'u1' });
    const help = aHelp({ village_id: VILLAGE, start_date: iso(-300) });
    const pages: Array<{ data: unknown[]; has_more: boolean } | 'offline'> = ['offline', { data: [help], has_more: false }];
    const asked = server(pages);
    const [from, to] = [iso(-310), iso(-280)];
    const { result } = renderHook(() => useHelpsOfPeriod(VILLAGE, from, to));
    await waitFor(() => expect(result.current).toBe('offline'));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(result.current).toBe('all'));
    expect(asked).toHaveLength(2);
    expect(await db.helps.get(help.id)).toBeTruthy();
  });
});
