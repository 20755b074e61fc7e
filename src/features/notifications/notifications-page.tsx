import { useMemo, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMyVillager, useVillagers } from '../../domain/villagers/villager-reads';
import { useVillageSync } from '../../domain/villages/village-reads';
import { isOfflineError as isOffline } from '../../domain/failure-text';
import { actionsPageQuery } from '../../domain/actions/actions-query';
import { actionSentence, type VillagerNames } from './action-sentence';
import { flattenPages, nextPage } from './feed-paging';
import { FeedItem } from './feed-item';
import { feedLines } from './feed-lines';
import { isNewTo } from '../../domain/actions/unseen';
import { LoadMore } from './load-more';
import { useMarkChecked } from '../../domain/actions/use-mark-checked';
import '../../domain/actions/app-feed-cache';
import './notifications.css';

/**
 * A village's news, newest first, ten at a time; opening it marks the news as seen. The villager's own actions
 * are never "Nouveau", and a run of the same edit reads as one line.
 */
export function NotificationsPage({ villageId }: { villageId: string }) {
  useVillageSync(villageId);
  const villagers = useVillagers(villageId);
  const me = useMyVillager(villageId);
  // Always asked again on opening: the badge may have been lit by news newer than the cached page.
  const first = useQuery({ ...actionsPageQuery(villageId, 1), refetchOnMount: 'always' });
  const [loaded, setLoaded] = useState(1);
  const more = useQueries({ queries: Array.from({ length: loaded - 1 }, (_, i) => actionsPageQuery(villageId, i + 2)) });

  // What the villager had seen before this visit, to mark what is new to them.
  const [seenUntil, setSeenUntil] = useState<string | null | undefined>(undefined);
  if (seenUntil === undefined && me !== undefined) setSeenUntil(me?.last_check_notif_date ?? null);

  useMarkChecked(villageId, me, first.data?.data, first.fetchStatus === 'idle');

  const names = useMemo<VillagerNames>(
    () => Object.fromEntries((villagers ?? []).map((v) => [v.id, v.user?.first_name ?? undefined])),
    [villagers],
  );
  const actions = flattenPages([first.data?.data, ...more.map((q) => q.data?.data)]);
  const lines = feedLines(actions);
  const pages = [first, ...more].reduce<number | undefined>((total, q) => q.data?.pages ?? total, undefined);
  const next = first.data && more.every((q) => q.data) ? nextPage(loaded, pages) : null;
  const loadingMore = more.some((q) => q.isFetching);
  const moreFailed = more.some((q) => q.isError && !q.data);
  const staleOffline = !!first.data && (isOffline(first.failureReason) || first.fetchStatus === 'paused');

  return (
    <section className="notifications" aria-labelledby="notifications-title">
      <h1 id="notifications-title">Nouvelles du village</h1>
      {staleOffline ? (
        <p className="notifications-offline" role="status">
          Hors ligne&nbsp;: dernières nouvelles connues
        </p>
      ) : null}
      {first.isPending && first.fetchStatus !== 'idle' ? <p role="status">Chargement…</p> : null}
      {!first.data && first.isError ? (
        <div className="notifications-error" role="alert">
          <p>
            {isOffline(first.error)
              ? 'Hors ligne\u00a0: les nouvelles du village s’afficheront au retour du réseau.'
              : 'Les nouvelles du village n’ont pas pu être chargées.'}
          </p>
          <button type="button" className="secondary" onClick={() => void first.refetch()}>
            Réessayer
          </button>
        </div>
      ) : null}
      {first.data && actions.length === 0 ? <p className="notifications-empty">Aucune nouvelle pour le moment.</p> : null}
      {lines.length ? (
        <ol className="feed-list">
          {lines.map(({ action, count }) => (
            <FeedItem
              key={action.id}
              action={action}
              count={count}
              sentence={actionSentence(action, names)}
              isNew={seenUntil !== undefined && isNewTo(action, seenUntil, me?.id)}
            />
          ))}
        </ol>
      ) : null}
      {moreFailed ? <p role="alert">La suite des nouvelles n’a pas pu être chargée.</p> : null}
      {next !== null || loadingMore ? <LoadMore busy={loadingMore} onLoad={() => next !== null && setLoaded(next)} /> : null}
    </section>
  );
}
