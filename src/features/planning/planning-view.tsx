import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Help, NeedCategory, VillageNeed, Villager } from '../../contract';
import { periodTitle, shiftPeriod, visibleDays, type IsoDay, type PlanningViewKind } from './calendar-dates';
import { indexHelpsByDay } from './day-index';
import { MonthView } from './month-view';
import { PeriodPicker } from './period-picker';
import { planningLookups } from './planning-lookups';
import { useSwipe } from './use-swipe';
import { WeekView } from './week-view';
import './planning.css';

export interface PlanningViewProps {
  villageId: string;
  helps: readonly Help[];
  needs: readonly VillageNeed[];
  categories: readonly NeedCategory[];
  villagers: readonly Villager[];
  today: IsoDay;
  initialView?: PlanningViewKind;
  /** Told the day the view is anchored on, so that the page can read the helps around it. */
  onAnchorChange?: (anchor: IsoDay) => void;
}

/** The village's helps on a calendar. Data comes in as props, so the same view serves the page, tests and the benchmark. */
export function PlanningView({ villageId, helps, needs, categories, villagers, today, initialView = 'week', onAnchorChange }: PlanningViewProps) {
  const [view, setView] = useState<PlanningViewKind>(initialView);
  const [anchor, setAnchor] = useState<IsoDay>(today);
  const [picking, setPicking] = useState(false);
  const pickerToggle = useRef<HTMLButtonElement>(null);
  const pickerId = useId();
  const titleId = useId();
  // The one pass over all helps; the visible period then costs a Map lookup per day.
  const index = useMemo(() => indexHelpsByDay(helps), [helps]);
  const lookups = useMemo(() => planningLookups(villageId, needs, categories, villagers), [villageId, needs, categories, villagers]);
  const days = useMemo(() => visibleDays(anchor, view), [anchor, view]);
  const step = (by: number) => setAnchor((a) => shiftPeriod(a, view, by));
  const swipe = useSwipe(step);
  useEffect(() => onAnchorChange?.(anchor), [anchor, onAnchorChange]);
  const closePicker = () => {
    setPicking(false);
    pickerToggle.current?.focus();
  };

  return (
    <section className="planning" aria-labelledby={titleId}>
      <div className="planning-toolbar">
        <div className="planning-switch" role="group" aria-label="Affichage">
          <button type="button" className="secondary" aria-pressed={view === 'week'} onClick={() => setView('week')}>
            Semaine
          </button>
          <button type="button" className="secondary" aria-pressed={view === 'month'} onClick={() => setView('month')}>
            Mois
          </button>
        </div>
        <div className="planning-nav" role="group" aria-label="Navigation">
          <button type="button" className="secondary" aria-label="Période précédente" onClick={() => step(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="secondary" onClick={() => setAnchor(today)}>
            Aujourd’hui
          </button>
          <button type="button" className="secondary" aria-label="Période suivante" onClick={() => step(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <button ref={pickerToggle} type="button" className="secondary" aria-expanded={picking} aria-controls={pickerId} onClick={() => setPicking((p) => !p)}>
          Choisir une date
        </button>
      </div>
      {picking ? (
        <PeriodPicker
          id={pickerId}
          anchor={anchor}
          onClose={closePicker}
          onPick={(day) => {
            setAnchor(day);
            closePicker();
          }}
        />
      ) : null}
      <h2 id={titleId} className="planning-title" aria-live="polite">
        {periodTitle(anchor, view)}
      </h2>
      <div className="planning-body" {...swipe}>
        {view === 'week' ? (
          <WeekView days={days} index={index} today={today} lookups={lookups} />
        ) : (
          <MonthView
            anchor={anchor}
            days={days}
            index={index}
            today={today}
            lookups={lookups}
            onOpenDay={(day) => {
              setAnchor(day);
              setView('week');
            }}
          />
        )}
      </div>
    </section>
  );
}
