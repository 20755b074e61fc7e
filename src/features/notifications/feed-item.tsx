import type { Action } from '../../contract';
import { fullDate, relativeTime } from './relative-time';

/**
 * One news item: what happened, and when (relative, the full date on hover and for screen readers). A run of
 * the same edit is one item that says how many times, dated by the newest.
 */
export function FeedItem({ action, sentence, isNew, count = 1 }: { action: Action; sentence: string; isNew: boolean; count?: number }) {
  return (
    <li className={isNew ? 'feed-item is-new' : 'feed-item'}>
      <p className="feed-sentence">
        {isNew ? (
          <span className="feed-new">
            Nouveau<span className="visually-hidden">&nbsp;:</span>
          </span>
        ) : null}{' '}
        {sentence}
      </p>
      <p className="feed-meta">
        <time className="feed-time" dateTime={action.created_at} title={fullDate(action.created_at)}>
          <span aria-hidden="true">{relativeTime(action.created_at)}</span>
          <span className="visually-hidden">{fullDate(action.created_at)}</span>
        </time>
        {count > 1 ? <span className="feed-count">{`, ${count} fois`}</span> : null}
      </p>
    </li>
  );
}
