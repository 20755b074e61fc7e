import { useId, type CSSProperties } from 'react';
import type { VillageNeed } from '../../contract';
import type { PlanningLookups } from './planning-lookups';

const helpsText = (n: number) =>
  n === 0 ? 'Aucune aide sur cette période' : n === 1 ? '1 aide sur cette période' : `${n} aides sur cette période`;

/**
 * The needs without a date, listed once under the calendar with how many helps they have in the period shown:
 * an empty day no longer repeats them, and a day with some help no longer hides them.
 */
export function UndatedNeeds({
  needs,
  helpsByNeed,
  lookups,
}: {
  needs: readonly VillageNeed[];
  helpsByNeed: ReadonlyMap<string, number>;
  lookups: PlanningLookups;
}) {
  const titleId = useId();
  if (!needs.length) return null;
  return (
    <section className="planning-undated" aria-labelledby={titleId}>
      <h2 id={titleId}>Sans date</h2>
      <ul>
        {needs.map((need) => {
          const count = helpsByNeed.get(need.id) ?? 0;
          const accent = { '--accent': lookups.colorByNeedId.get(need.id) ?? '#000000' } as CSSProperties;
          return (
            <li key={need.id} style={accent} className={count ? undefined : 'is-uncovered'}>
              <a {...lookups.helpsLink(need.id)}>{need.name}</a>
              <span className="planning-undated-count">{helpsText(count)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
