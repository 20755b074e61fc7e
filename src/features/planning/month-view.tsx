import { dayOfMonth, dayTitle, sameMonth, shortWeekdayName, weekDays, type IsoDay } from '../../domain/helps/calendar-dates';
import type { DayContent } from './day-content';
import { needOf, type PlanningLookups } from './planning-lookups';
import { isTakeable, SLOT_MARK, slotStateText } from './slot-index';
import { useMediaQuery } from './use-media-query';
import { dayNumber } from '../../contract/french-time';

/** Names shown in a month cell on wide screens; the rest is counted, the week view has them all. */
const NAMES_PER_CELL = 3;
const DOTS_PER_CELL = 4;
/** Where a cell names its helps rather than dotting them: planning.css's breakpoint for .month-day-names. */
const NAMES_QUERY = '(min-width: 1024px)';
/** The dots' pitch in px: a dot of 7 (planning.css's .month-dot) and 3 between two. */
const DOT_PITCH = 10;

interface MonthViewProps {
  anchor: IsoDay;
  days: IsoDay[];
  contents: ReadonlyMap<IsoDay, DayContent>;
  today: IsoDay;
  lookups: PlanningLookups;
  /** Opens the week of a day: the month only summarises. */
  onOpenDay: (day: IsoDay) => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** "Rien de prévu", "1 aide", "2 créneaux", "1 aide, 2 créneaux". */
export function dayCount({ slots, helps }: DayContent) {
  const parts = [];
  if (helps.length) parts.push(plural(helps.length, 'aide', 'aides'));
  if (slots.length) parts.push(plural(slots.length, 'créneau', 'créneaux'));
  return parts.length ? parts.join(', ') : 'Rien de prévu';
}

/** A cell's dots as one element: the first its background, each other a shadow one pitch further, room kept for them. */
function dotsStyle(colors: readonly (string | undefined)[]) {
  const color = (c: string | undefined) => c ?? '#000000';
  const shadows = colors.slice(1).map((c, i) => `${(i + 1) * DOT_PITCH}px 0 0 ${color(c)}`);
  return { background: color(colors[0]), marginRight: shadows.length * DOT_PITCH, boxShadow: shadows.join(', ') || undefined };
}

const NOTHING: DayContent = { slots: [], helps: [] };

type SlotEntry = DayContent['slots'][number];
type HelpEntry = DayContent['helps'][number];

/** The first `n` of a day's slots then helps, each made by its function. */
function firstOf<T>(content: DayContent, n: number, ofSlot: (entry: SlotEntry) => T, ofHelp: (entry: HelpEntry) => T): T[] {
  const out = content.slots.slice(0, n).map(ofSlot);
  for (const entry of content.helps) {
    if (out.length >= n) break;
    out.push(ofHelp(entry));
  }
  return out;
}

/**
 * Whole weeks of the month: dots and counts below 1024 px, the needs' names above (planning.css). Only what the
 * width shows is built: on a phone the month's grid was 754 elements, the names hidden among them, and is some
 * 330 so; it took 6–8 ms to render and lay out instead of 11–12 (tests/bench/planning.ts's page, interleaved).
 */
export function MonthView({ anchor, days, contents, today, lookups, onOpenDay }: MonthViewProps) {
  // Unknown (no matchMedia): both, and CSS hides one.
  const wide = useMediaQuery(NAMES_QUERY);
  return (
    <div className="planning-month">
      <div className="month-weekdays" aria-hidden="true">
        {weekDays(days[0]).map((day) => (
          <span key={day}>{shortWeekdayName(day)}</span>
        ))}
      </div>
      <ol className="month-grid">
        {days.map((day) => {
          const content = contents.get(day) ?? NOTHING;
          const open = content.slots.filter((entry) => isTakeable(entry.state)).length;
          // Only what a cell shows is built: a busy day of a 20,000-help village holds some 65 helps.
          const count = content.slots.length + content.helps.length;
          const colors = firstOf(
            content,
            DOTS_PER_CELL,
            (entry) => lookups.colorByNeedId.get(entry.slot.village_need_id),
            (entry) => lookups.colorByNeedId.get(entry.help.village_need_id),
          );
          const names = firstOf(
            content,
            NAMES_PER_CELL,
            (entry) => ({
              key: `${entry.slot.village_need_id} ${entry.slot.start_date}`,
              color: lookups.colorByNeedId.get(entry.slot.village_need_id),
              text: `${SLOT_MARK[entry.state]} ${needOf({ village_need_id: entry.slot.village_need_id }, lookups)?.name ?? 'Besoin supprimé'}`,
              title: slotStateText(entry) as string | undefined,
            }),
            (entry) => ({
              key: entry.help.id,
              color: lookups.colorByNeedId.get(entry.help.village_need_id),
              text: needOf(entry.help, lookups)?.name ?? 'Besoin supprimé',
              title: undefined,
            }),
          );
          const isToday = day === today;
          const classes = ['month-day', isToday ? 'is-today' : '', sameMonth(day, anchor) ? '' : 'is-outside'].filter(Boolean).join(' ');
          return (
            <li key={day} className={classes} aria-current={isToday ? 'date' : undefined}>
              <h3 className="month-day-title">
                {/* Named in full for screen readers, the day's number in it (what is seen is in what is heard). */}
                <button
                  type="button"
                  className="month-day-open"
                  aria-label={`${dayTitle(day)}${isToday ? ' (aujourd’hui)' : ''}, voir la semaine`}
                  onClick={() => onOpenDay(day)}
                >
                  {/* "1er" as the heard name says it: what is seen stays a part of what is heard. */}
                  {dayNumber(dayOfMonth(day))}
                </button>
              </h3>
              <p className="month-day-count">
                {wide !== true && colors.length ? (
                  <span className="month-day-dots" aria-hidden="true">
                    <span className="month-dot" style={dotsStyle(colors)} />
                  </span>
                ) : null}
                <span className={count ? 'month-day-number' : 'visually-hidden'}>{dayCount(content)}</span>
              </p>
              {open ? (
                // Open slots are said in words in every width, not only by a colour.
                <p className="month-day-open-slots">
                  <span aria-hidden="true">{SLOT_MARK.open} </span>
                  {open}
                  <span className="month-day-open-word"> à pourvoir</span>
                </p>
              ) : null}
              {wide !== false && count ? (
                <ul className="month-day-names">
                  {names.map((name) => (
                    <li key={name.key} style={{ borderColor: name.color ?? '#000000' }} title={name.title}>
                      {name.text}
                    </li>
                  ))}
                  {count > NAMES_PER_CELL ? <li className="month-day-more">+ {count - NAMES_PER_CELL}</li> : null}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
