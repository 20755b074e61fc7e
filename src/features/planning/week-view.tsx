import { toDate, type IsoDay } from './calendar-dates';
import type { DayHelp } from './day-index';
import { DayHelps } from './day-helps';
import type { PlanningLookups } from './planning-lookups';

const NONE: DayHelp[] = [];

/** Seven days, Monday first: a list of days on phones, seven columns from 640 px (planning.css). */
export function WeekView({ days, index, today, lookups }: { days: IsoDay[]; index: Map<IsoDay, DayHelp[]>; today: IsoDay; lookups: PlanningLookups }) {
  return (
    <ol className="planning-week">
      {days.map((day) => {
        const date = toDate(day);
        const isToday = day === today;
        return (
          <li key={day} className={isToday ? 'planning-day is-today' : 'planning-day'} aria-current={isToday ? 'date' : undefined}>
            <h3 className="day-title">
              <span className="day-title-weekday">{date.toFormat('cccc')}</span> <span className="day-title-number">{date.day}</span>{' '}
              <span className="day-title-month">{date.toFormat('LLLL')}</span>
              {isToday ? <span className="day-title-today"> (aujourd’hui)</span> : null}
            </h3>
            <DayHelps entries={index.get(day) ?? NONE} lookups={lookups} />
          </li>
        );
      })}
    </ol>
  );
}
