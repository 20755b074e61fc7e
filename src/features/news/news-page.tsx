import { useState } from 'react';
import { canManage, useMyVillager } from '../../domain/villagers/villager-reads';
import { useVillageClosed } from '../../domain/villages/village-reads';
import { fetchNews } from '../../domain/news/fetch-news';
import { useLatestNewsSync, useNewsPosts } from '../../domain/news/news-reads';
import { NewsComposer } from './news-composer';
import { NewsCard } from './news-card';
import './news.css';

const OLDER_FAILED = "Les nouvelles précédentes n'ont pas pu être chargées. Réessayez quand le réseau sera revenu.";

/** A village's journal: the composer for those who post, then the posts newest first, read from the device (offline too). */
export function NewsPage({ villageId }: { villageId: string }) {
  const latest = useLatestNewsSync(villageId);
  const posts = useNewsPosts(villageId);
  const me = useMyVillager(villageId);
  const [older, setOlder] = useState<{ hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const closed = useVillageClosed(villageId);
  // A closed village's journal is read only: no composer, no editing.
  const organiser = canManage(me) && !closed;
  const hasMore = older?.hasMore ?? latest.data?.hasMore ?? false;

  async function loadOlder() {
    const oldest = posts?.findLast((post) => !post.pending);
    if (!oldest || loadingOlder) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      setOlder(await fetchNews(villageId, oldest.id));
    } catch {
      setOlderError(OLDER_FAILED);
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <section className="news" aria-labelledby="news-title">
      <h1 id="news-title">Nouvelles</h1>
      {organiser && me ? <NewsComposer villageId={villageId} authorId={me.id} /> : null}
      {posts === undefined ? <p role="status">Chargement…</p> : null}
      {posts?.length === 0 ? (
        <p className="news-empty">
          {organiser ? 'Aucune nouvelle pour le moment. Donnez les premières au village\u00a0!' : 'Aucune nouvelle pour le moment.'}
        </p>
      ) : null}
      {posts?.map((post) => (
        <NewsCard key={post.id} post={post} me={me?.id ?? null} organiser={organiser} readOnly={closed} />
      ))}
      {hasMore ? (
        <p className="news-older">
          <button type="button" className="secondary" onClick={() => void loadOlder()} disabled={loadingOlder}>
            {loadingOlder ? 'Chargement…' : 'Nouvelles précédentes'}
          </button>
        </p>
      ) : null}
      {olderError ? <p role="alert">{olderError}</p> : null}
    </section>
  );
}
