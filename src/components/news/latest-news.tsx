import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { formatMoment } from '../../contract/help-time';
import { useLatestNewsSync, useNewsPosts } from '../../domain/news/news-reads';
import { authorName, commentsText, heartsText } from './news-names';
import './latest-news.css';

const SHOWN = 3;
const EXCERPT = 160;

/** The village's three latest posts, compact, for the village's home; the whole journal is one link away. Reads offline. */
export function LatestNews({ villageId }: { villageId: string }) {
  useLatestNewsSync(villageId);
  const posts = useNewsPosts(villageId, SHOWN);
  const titleId = useId();
  return (
    <section className="latest-news" aria-labelledby={titleId}>
      <h2 id={titleId}>Dernières nouvelles</h2>
      {/* While the posts are read, a line's place: what comes below moves less, or not at all when there is none. */}
      {posts === undefined ? (
        <p className="latest-news-empty" aria-hidden="true">
          {'\u00a0'}
        </p>
      ) : null}
      {posts?.length === 0 ? <p className="latest-news-empty">Aucune nouvelle pour le moment.</p> : null}
      {posts?.length ? (
        <ul>
          {posts.map((post) => (
            <li key={post.id}>
              <p className="latest-news-meta">
                <span className="latest-news-author">{authorName(post.author)}</span>{' '}
                <time dateTime={post.created_at}>{formatMoment(post.created_at)}</time>
              </p>
              <p className="latest-news-body">{post.body.length > EXCERPT ? `${post.body.slice(0, EXCERPT)}…` : post.body}</p>
              <p className="latest-news-counts">
                {heartsText(post.hearts)} · {commentsText(post.comments_count)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/dashboard/villages/$id/news" params={{ id: villageId }}>
        Toutes les nouvelles
      </Link>
    </section>
  );
}
