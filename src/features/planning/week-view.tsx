import type { Slot } from '../../contract/slots';
import { dayOfMonth, monthName, weekdayName, type IsoDay } from '../../domain/helps/calendar-dates';
import type { DayContent } from './day-content';
import { DayHelps } from './day-helps';
import { DaySlots } from './day-slots';
import type { PlanningLookups } from './planning-lookups';

interface WeekViewProps {
  days: IsoDay[];
  contents: ReadonlyMap<IsoDay, DayContent>;
  today: IsoDay;
  lookups: PlanningLookups;
  openOnly: boolean;
  onTake?: (slot: Slot) => void;
}

/** Seven days, Monday first: a list of days on phones, columns on wide screens (planning.css). */
export function WeekView({ days, contents, today, lookups, openOnly, onTake }: WeekViewProps) {
  return (
    <ol className="planning-week">
      {days.map((day) => {
        const isToday = day === today;
        const content = contents.get(day);
        const empty = !content || (!content.slots.length && !content.helps.length);
        return (
          <li key={day} className={isToday ? 'planning-day is-today' : 'planning-day'} aria-current={isToday ? 'date' : undefined}>
            <h3 className="day-title">
              <span className="day-title-weekday">{weekdayName(day)}</span> <span className="day-title-number">{dayOfMonth(day)}</span>{' '}
              <span className="day-title-month">{monthName(day)}</span>
              {isToday ? <span className="day-title-today"> (aujourd’hui)</span> : null}
            </h3>
            {empty ? (
              <p className="day-empty">{openOnly ? 'Aucun créneau à pourvoir' : 'Rien de prévu'}</p>
            ) : (
              <>
                {content.slots.length ? <DaySlots entries={content.slots} lookups={lookups} onTake={onTake} /> : null}
                {content.helps.length ? <DayHelps entries={content.helps} lookups={lookups} /> : null}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
