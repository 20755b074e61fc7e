import type { CSSProperties } from 'react';
import type { DayHelp } from '../../domain/helps/day-index';
import { timeSlot } from '../../domain/helps/day-index';
import { closedText, needOf, type PlanningLookups } from './planning-lookups';

/** A day's free helps (those not on a scheduled slot), each leading to its need's helps. */
export function DayHelps({ entries, lookups }: { entries: readonly DayHelp[]; lookups: PlanningLookups }) {
  return (
    <ul className="day-helps">
      {entries.map((entry) => {
        const need = needOf(entry.help, lookups);
        const closed = closedText([entry.help.id], lookups.closedHelps);
        const accent = { '--accent': lookups.colorByNeedId.get(entry.help.village_need_id) ?? '#000000' } as CSSProperties;
        return (
          <li key={entry.help.id} style={accent}>
            <a {...lookups.helpsLink(entry.help.village_need_id)} className="day-help">
              <span className="day-help-slot">{timeSlot(entry)}</span>
              <span className="day-help-need">{need?.name ?? 'Besoin supprimé'}</span>
              <span className="day-help-helper">{lookups.firstNameByVillagerId.get(entry.help.helper_id) ?? 'Un membre'}</span>
              {closed ? <span className="day-closed">{closed}</span> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
