import { useHasUnseen } from '../../domain/actions/use-unseen';
import './unseen-badge.css';

/** A dot on the "Nouvelles" entry when there is news not seen yet; screen readers hear "nouveautés" with the link. */
export function UnseenBadge({ villageId }: { villageId: string }) {
  if (!useHasUnseen(villageId)) return null;
  return (
    <span className="unseen-badge" data-testid="unseen-badge">
      <span className="visually-hidden">, nouveautés</span>
    </span>
  );
}
