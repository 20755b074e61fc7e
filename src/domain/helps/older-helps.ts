import { useEffect, useState } from 'react';
import { HELPS_PAGE_MAX } from '../../contract/helps';
import { db } from '../../db/database';
import { quietTransport } from '../../api/client';
import { helpsFromInstant, recentHelpsFrom } from '../../contract/villages';
import { pullOlderHelps } from '../../outbox/pull-older-helps';

/** Where reading a need's or a village's past helps stands, a page at a time. */
export type OlderHelpsStatus = 'more' | 'loading' | 'all' | 'offline' | 'failed';

const PAGE = 50;

/**
 * The past helps older than those the village's pull brings (the last 90 days): read a page at a time,
 * newest first, when the person asks for them. Each page lands in the local tables, where the lists' live
 * queries show it; offline, the button says so and the list keeps what the device holds.
 */
export function useOlderHelps(villageId: string, needId?: string) {
  const list = `${villageId}:${needId ?? ''}`;
  // The oldest help read so far (or the window's first instant): the next page starts under it. Kept with
  // the list it belongs to, so another need's page starts afresh.
  const [state, setState] = useState<{ list: string; status: OlderHelpsStatus; cursor: string } | null>(null);
  const current = state?.list === list ? state : { list, status: 'more' as const, cursor: helpsFromInstant(recentHelpsFrom()) };

  const loadMore = async () => {
    const session = await db.session.get('current');
    if (!session?.userId) return;
    const { cursor } = current;
    setState({ list, status: 'loading', cursor });
    let next: { status: OlderHelpsStatus; cursor: string };
    try {
      const page = await pullOlderHelps(quietTransport, db, session.userId, villageId, { before: cursor, needId, limit: PAGE });
      if (!page.ok) next = { status: page.failure.kind === 'offline' ? 'offline' : 'failed', cursor };
      else next = { status: page.hasMore ? 'more' : 'all', cursor: page.helps.length ? page.helps[page.helps.length - 1].id : cursor };
    } catch {
      next = { status: 'failed', cursor };
    }
    setState((now) => (now?.list === list ? { list, ...next } : now));
  };

  return { status: current.status, loadMore };
}

/** Periods already read back this session, by village: a period shown again is not asked for again. */
const periodsRead = new Map<string, Set<string>>();

/**
 * For a period (the planning's week or month) that begins before the helps the pull brings: reads that
 * period's helps into the local tables, a page of 500 at a time, once per session. Answers where it stands:
 * `null` when the period needs nothing from the server.
 */
export function useHelpsOfPeriod(villageId: string, from: string, to: string): OlderHelpsStatus | null {
  const windowStart = helpsFromInstant(recentHelpsFrom());
  const before = to < windowStart ? to : windowStart;
  const period = `${from}/${before}`;
  const key = `${villageId}:${period}`;
  // No `from` while the planning's first read has not answered: there is no period yet to ask for.
  const wanted = !!from && from < windowStart && !periodsRead.get(villageId)?.has(period);
  const [state, setState] = useState<{ key: string; status: OlderHelpsStatus } | null>(null);
  // Offline, the period is read again once the network is back.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    const retry = () => setAttempt((n) => n + 1);
    const show = (status: OlderHelpsStatus) => {
      if (!cancelled) setState({ key, status });
    };
    void (async () => {
      const session = await db.session.get('current');
      if (!session?.userId || cancelled) return;
      show('loading');
      let cursor = before;
      try {
        for (;;) {
          const page = await pullOlderHelps(quietTransport, db, session.userId, villageId, { before: cursor, from, limit: HELPS_PAGE_MAX });
          if (!page.ok) {
            if (page.failure.kind === 'offline' && !cancelled) window.addEventListener('online', retry, { once: true });
            return show(page.failure.kind === 'offline' ? 'offline' : 'failed');
          }
          if (!page.hasMore || !page.helps.length) break;
          cursor = page.helps[page.helps.length - 1].id;
        }
        if (!periodsRead.has(villageId)) periodsRead.set(villageId, new Set());
        periodsRead.get(villageId)!.add(period);
        show('all');
      } catch {
        show('failed');
      }
    })();
    return () => {
      cancelled = true;
      window.removeEventListener('online', retry);
    };
  }, [wanted, key, villageId, from, before, period, attempt]);

  if (!from || from >= windowStart) return null;
  if (state?.key === key) return state.status;
  return wanted ? 'loading' : null;
}
