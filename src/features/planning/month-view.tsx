import { dayOfMonth, dayTitle, sameMonth, toDate, weekDays, type IsoDay } from './calendar-dates';
import type { DayHelp } from './day-index';
import { needOf, type PlanningLookups } from './planning-lookups';

/** Names shown in a month cell on wide screens; the rest is counted, the week view has them all. */
const NAMES_PER_CELL = 3;
const DOTS_PER_CELL = 4;

interface MonthViewProps {
  anchor: IsoDay;
  days: IsoDay[];
  index: Map<IsoDay, DayHelp[]>;
  today: IsoDay;
  lookups: PlanningLookups;
  /** Opens the week of a day: the month only summarises. */
  onOpenDay: (day: IsoDay) => void;
}

const helpCount = (n: number) => (n === 0 ? 'Rien de prévu' : n === 1 ? '1 aide' : `${n} aides`);

/** Whole weeks of the month: dots and counts below 1024 px, the needs' names above (planning.css). */
export function MonthView({ anchor, days, index, today, lookups, onOpenDay }: MonthViewProps) {
  return (
    <div className="planning-month">
      <div className="month-weekdays" aria-hidden="true">
        {weekDays(days[0]).map((day) => (
          <span key={day}>{toDate(day).toFormat('ccc')}</span>
        ))}
      </div>
      <ol className="month-grid">
        {days.map((day) => {
          const entries = index.get(day) ?? [];
          const isToday = day === today;
          const classes = ['month-day', isToday ? 'is-today' : '', sameMonth(day, anchor) ? '' : 'is-outside'].filter(Boolean).join(' ');
          return (
            <li key={day} className={classes} aria-current={isToday ? 'date' : undefined}>
              <h3 className="month-day-title">
                <button type="button" className="month-day-open" onClick={() => onOpenDay(day)}>
                  <span aria-hidden="true">{dayOfMonth(day)}</span>
                  <span className="visually-hidden">
                    {dayTitle(day)}
                    {isToday ? ' (aujourd’hui)' : ''}, voir la semaine
                  </span>
                </button>
              </h3>
              <p className="month-day-count">
                <span className="month-day-dots" aria-hidden="true">
                  {entries.slice(0, DOTS_PER_CELL).map((entry, i) => (
                    <span key={i} className="month-dot" style={{ background: lookups.colorByNeedId.get(entry.help.village_need_id) ?? '#000000' }} />
                  ))}
                </span>
                <span className={entries.length ? 'month-day-number' : 'visually-hidden'}>{helpCount(entries.length)}</span>
              </p>
              {entries.length ? (
                <ul className="month-day-names">
                  {entries.slice(0, NAMES_PER_CELL).map((entry) => (
                    <li key={entry.help.id} style={{ borderColor: lookups.colorByNeedId.get(entry.help.village_need_id) ?? '#000000' }}>
                      {needOf(entry.help, lookups)?.name ?? 'Besoin supprimé'}
                    </li>
                  ))}
                  {entries.length > NAMES_PER_CELL ? <li className="month-day-more">+ {entries.length - NAMES_PER_CELL}</li> : null}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
