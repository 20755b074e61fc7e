import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import type { VillageNeed } from '../../contract';
import { formatDayHeading } from '../../contract/french-time';
import { useDoneLately } from '../../domain/helps/closed-helps';

interface DoneLatelyProps {
  villageId: string;
  needs: readonly VillageNeed[];
  firstNameOf: (villagerId: string) => string;
}

/**
 * « Fait ces derniers jours »: the helps of the past week, who gave them and whether they were said done and
 * thanked, each leading to its need's helps where « C'est fait » and « Merci » are said. Nothing when the week
 * held none: an empty block would only say that nobody came.
 */
export function DoneLately({ villageId, needs, firstNameOf }: DoneLatelyProps) {
  const helps = useDoneLately(villageId);
  const titleId = useId();
  if (!helps?.length) return null;
  const needName = new Map(needs.map((need) => [need.id, need.name]));
  return (
    <section className="village-home-done" aria-labelledby={titleId}>
      <h2 id={titleId}>Fait ces derniers jours</h2>
      <ul>
        {helps.map((help) => (
          <li key={help.id}>
            <Link to="/dashboard/villages/$id/needs/$need_id/helps" params={{ id: villageId, need_id: help.village_need_id }}>
              <strong>{firstNameOf(help.helper_id)}</strong> ·{' '}
              {needName.get(help.village_need_id) ?? help.village_need?.name ?? 'Besoin supprimé'}
            </Link>
            <span className="village-home-done-day">{formatDayHeading(help.start_date)}</span>
            {help.done_at ? <span className="help-badge">Fait</span> : null}
            {help.thanks_count > 0 ? <span className="help-badge">Merci envoyé</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
