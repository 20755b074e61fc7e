import { frenchSpaces } from '../../contract/french-time';
import { URGENT_BADGE, urgentDescription } from '../../domain/slots/urgent-slots';
import './urgent-badge.css';

/**
 * « Urgent » on a slot still open within the village's horizon (the planning, the village home): a word
 * and a mark, with what it means for a screen reader, never a colour alone.
 */
export function UrgentBadge({ horizonDays }: { horizonDays: number }) {
  return (
    <span className="urgent-badge">
      <span aria-hidden="true">! </span>
      {URGENT_BADGE}
      <span className="visually-hidden">{frenchSpaces(`\u00a0: ${urgentDescription(horizonDays)}`)}</span>
    </span>
  );
}
