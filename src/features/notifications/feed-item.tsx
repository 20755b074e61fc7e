import type { Action } from '../../contract';
import { fullDate, relativeTime } from './relative-time';

/** One news item: what happened, and when (relative, the full date on hover and for screen readers). */
export function FeedItem({ action, sentence, isNew }: { action: Action; sentence: string; isNew: boolean }) {
  return (
    <li className={isNew ? 'feed-item is-new' : 'feed-item'}>
      <p className="feed-sentence">
        {isNew ? (
          <span className="feed-new">
            Nouveau<span className="visually-hidden"> :</span>
          </span>
        ) : null}{' '}
        {sentence}
      </p>
      <time className="feed-time" dateTime={action.created_at} title={fullDate(action.created_at)}>
        <span aria-hidden="true">{relativeTime(action.created_at)}</span>
        <span className="visually-hidden">{fullDate(action.created_at)}</span>
      </time>
    </li>
  );
}
