import { useEvictionNotice } from '../../domain/devices/use-eviction-notice';
import { EVICTION_TITLE, evictionSentences } from './eviction-text';
import './eviction-notice.css';

/**
 * Says, once signed in again, that the browser wiped this device's local store while writes may have waited
 * (Safari does after 7 days without a visit), what is known of them, and from when nothing is known.
 */
export function EvictionNotice() {
  const { lost, dismiss } = useEvictionNotice();
  if (!lost) return null;
  const { known, unknown, more } = evictionSentences(lost);
  return (
    <section className="eviction-notice" role="alert" aria-labelledby="eviction-title">
      <p id="eviction-title" className="eviction-title">
        {EVICTION_TITLE}
      </p>
      {known ? <p>{known}</p> : null}
      {lost.pending.length ? (
        <ul className="eviction-list">
          {lost.pending.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
          {more ? <li>{more}</li> : null}
        </ul>
      ) : null}
      <p>{unknown}</p>
      <button type="button" onClick={dismiss}>
        J'ai compris
      </button>
    </section>
  );
}
