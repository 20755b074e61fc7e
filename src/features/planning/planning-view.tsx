import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DEFAULT_GAP_HORIZON_DAYS, type NeedCategory, type VillageNeed, type Villager } from '../../contract';
import { urgentSlotKeys } from '../../domain/slots/urgent-slots';
import type { PlanningHelp } from '../../domain/helps/planning-helps';
import type { Slot } from '../../contract/slots';
import { periodTitle, shiftPeriod, visibleDays, type IsoDay, type PlanningViewKind } from '../../domain/helps/calendar-dates';
import { dayContents, helpsByNeed } from './day-content';
import { indexHelpsByDay } from '../../domain/helps/day-index';
import { MonthView } from './month-view';
import { PeriodPicker } from './period-picker';
import { planningLookups, undatedNeeds } from './planning-lookups';
import type { HelpClosed } from '../../domain/helps/closed-helps';
import { indexSlotsByDay } from './slot-index';
import { UndatedNeeds } from './undated-needs';
import { useSwipe } from './use-swipe';
import { coversRange, planningReadRange, type ReadRange } from '../../domain/helps/read-range';
import type { SlotWrite } from '../../domain/helps/slot-writes';
import { WeekView } from './week-view';
import './planning.css';

export interface PlanningViewProps {
  villageId: string;
  helps: readonly PlanningHelp[];
  needs: readonly VillageNeed[];
  categories: readonly NeedCategory[];
  villagers: readonly Villager[];
  today: IsoDay;
  /** The scheduled needs' slots around the shown period (useVillageSlots), with who holds them. */
  slots?: readonly Slot[];
  /** The viewer's villager: their slots read "Vous y allez". */
  myVillagerId?: string | null;
  /** Takes an open slot in one tap; absent when the viewer cannot (not an active member). */
  onTake?: (slot: Slot) => void;
  initialView?: PlanningViewKind;
  /** Starts with the "À pourvoir" filter on (the village home's link to its open slots). */
  initialOpenOnly?: boolean;
  /** Told the period asked for, so that the page can read its helps. */
  onPeriodChange?: (anchor: IsoDay, view: PlanningViewKind) => void;
  /**
   * The starts `helps` were read for (usePlanningHelps): until they cover the period asked for, the view keeps
   * showing the last period they covered rather than its days empty. Absent: `helps` hold everything.
   */
  readRange?: ReadRange;
  /** The time the slots are judged against (past ones cannot be taken). */
  now?: number;
  /** Where the viewer's takes made on this device stand (useSlotWrites): "en attente d'envoi", "refusée". */
  slotWrites?: ReadonlyMap<string, SlotWrite>;
  /** The past helps said done or thanked (useClosedHelps). */
  closedHelps?: ReadonlyMap<string, HelpClosed>;
  /** The village's gap horizon: its open slots within it are marked urgent. */
  gapHorizonDays?: number;
}

const NO_SLOTS: readonly Slot[] = [];

/**
 * The village's slots and helps on a calendar. Data comes in as props, so the same view serves the page, tests
 * and the benchmark.
 */
export function PlanningView({
  villageId,
  helps,
  needs,
  categories,
  villagers,
  today,
  slots = NO_SLOTS,
  myVillagerId = null,
  onTake,
  initialView = 'week',
  initialOpenOnly = false,
  onPeriodChange,
  readRange,
  now,
  slotWrites,
  closedHelps,
  gapHorizonDays = DEFAULT_GAP_HORIZON_DAYS,
}: PlanningViewProps) {
  const [view, setView] = useState<PlanningViewKind>(initialView);
  const [openOnly, setOpenOnly] = useState(initialOpenOnly);
  const [anchor, setAnchor] = useState<IsoDay>(today);
  const [picking, setPicking] = useState(false);
  const pickerToggle = useRef<HTMLButtonElement>(null);
  const pickerId = useId();
  const titleId = useId();
  // The period on screen: the one asked for once its helps are read, the last one read until then.
  const asked = useMemo(() => ({ anchor, view, days: visibleDays(anchor, view) }), [anchor, view]);
  const [lastRead, setLastRead] = useState(asked);
  const ready = !readRange || coversRange(readRange, planningReadRange(asked.days));
  if (ready && lastRead !== asked) setLastRead(asked);
  const shown = ready ? asked : lastRead;
  const { days } = shown;
  // The one pass over the helps read; the visible period then costs a Map lookup per day.
  const index = useMemo(() => indexHelpsByDay(helps), [helps]);
  const router = useRouter();
  const mine = useMemo(
    () => new Set(myVillagerId ? helps.filter((h) => h.helper_id === myVillagerId).map((h) => h.id) : []),
    [helps, myVillagerId],
  );
  // Read once on mount: a slot that goes by while the screen stays open is refused kindly by the take itself.
  const [openedAt] = useState(() => Date.now());
  const at = now ?? openedAt;
  const urgent = useMemo(
    () => ({ keys: urgentSlotKeys(slots, at, gapHorizonDays), horizonDays: gapHorizonDays }),
    [slots, at, gapHorizonDays],
  );
  const lookups = useMemo(
    () => ({ ...planningLookups(router, villageId, needs, categories, villagers, helps), slotWrites, urgent, closedHelps }),
    [router, villageId, needs, categories, villagers, helps, slotWrites, urgent, closedHelps],
  );
  const slotIndex = useMemo(() => indexSlotsByDay(slots, mine, at), [slots, mine, at]);
  const contents = useMemo(() => dayContents(days, slotIndex, index, openOnly), [days, slotIndex, index, openOnly]);
  const undated = useMemo(() => undatedNeeds(needs), [needs]);
  const undatedHelps = useMemo(() => helpsByNeed(days, index), [days, index]);
  const step = (by: number) => setAnchor((a) => shiftPeriod(a, view, by));
  const swipe = useSwipe(step);
  useEffect(() => onPeriodChange?.(anchor, view), [anchor, view, onPeriodChange]);
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
        <button
          ref={pickerToggle}
          type="button"
          className="secondary"
          aria-expanded={picking}
          aria-controls={pickerId}
          onClick={() => setPicking((p) => !p)}
        >
          Choisir une date
        </button>
        {needs.some((need) => need.schedule) || initialOpenOnly ? (
          <button type="button" className="secondary planning-filter" aria-pressed={openOnly} onClick={() => setOpenOnly((on) => !on)}>
            <span aria-hidden="true">○ </span>À pourvoir
          </button>
        ) : null}
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
        {periodTitle(shown.anchor, shown.view)}
      </h2>
      <div className="planning-body" {...swipe}>
        {shown.view === 'week' ? (
          <WeekView days={days} contents={contents} today={today} lookups={lookups} openOnly={openOnly} onTake={onTake} />
        ) : (
          <MonthView
            anchor={shown.anchor}
            days={days}
            contents={contents}
            today={today}
            lookups={lookups}
            onOpenDay={(day) => {
              setAnchor(day);
              setView('week');
            }}
          />
        )}
      </div>
      {openOnly ? null : <UndatedNeeds needs={undated} helpsByNeed={undatedHelps} lookups={lookups} />}
    </section>
  );
}
