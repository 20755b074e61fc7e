import type { OlderHelpsStatus } from '../../../domain/helps/older-helps';

const SAID: Record<Exclude<OlderHelpsStatus, 'more'>, string> = {
  loading: 'Chargement des aides plus anciennes…',
  all: 'Toutes les aides passées sont affichées.',
  offline: 'Les aides plus anciennes s’afficheront avec une connexion.',
  failed: 'Les aides plus anciennes n’ont pas pu être chargées. Réessayez dans un instant.',
};

/**
 * Under the past helps: the device holds the last 90 days, the older ones come a page at a time when
 * asked. The outcome is said in a live region, so a screen reader hears that the list grew or why not.
 */
export function OlderHelpsButton({ status, loadMore }: { status: OlderHelpsStatus; loadMore: () => void }) {
  return (
    <div className="older-helps">
      {status !== 'all' ? (
        <button type="button" className="secondary" onClick={loadMore} disabled={status === 'loading'}>
          Afficher les aides plus anciennes
        </button>
      ) : null}
      <p role="status" className="older-helps-status">
        {status === 'more' ? '' : SAID[status]}
      </p>
    </div>
  );
}
