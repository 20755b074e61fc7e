import { useCallback, useMemo, useState } from 'react';
import { DateTime } from 'luxon';
import { isActiveVillager, type Slot } from '../../contract';
import { useCategories, useMyVillager, useVillageNeeds, useVillagers, useVillageSlots, useVillageSync } from '../../village-data/hooks';
import { todayInParis, ZONE, type IsoDay } from './calendar-dates';
import { PlanningView } from './planning-view';
import { planningReadRange, usePlanningHelps } from './use-planning-helps';
import { CalendarSubscription } from '../calendar';
import { useTakeSlot } from '../helps';

/** The instants of the days the planning reads around a month: the slots' window (well under the 366 days allowed). */
export function planningSlotWindow(anchor: IsoDay) {
  const { from, to } = planningReadRange(`${anchor.slice(0, 7)}-01`);
  const instant = (day: IsoDay) => DateTime.fromISO(day, { zone: ZONE }).toUTC().toJSDate().toISOString();
  return { from: instant(from), to: instant(to) };
}

/**
 * The planning route: reads the village's local data around the shown period (helps and the scheduled needs'
 * slots, expanded on the device) and hands it to the pure view; an open slot is taken in one tap.
 */
export function PlanningPage({ villageId, openOnly = false }: { villageId: string; openOnly?: boolean }) {
  useVillageSync(villageId);
  const [today] = useState(todayInParis);
  const [anchor, setAnchor] = useState(today);
  const helps = usePlanningHelps(villageId, anchor);
  const slotWindow = useMemo(() => planningSlotWindow(anchor), [anchor]);
  const slots = useVillageSlots(villageId, slotWindow.from, slotWindow.to);
  const needs = useVillageNeeds(villageId);
  const villagers = useVillagers(villageId);
  const categories = useCategories();
  const me = useMyVillager(villageId);
  const { take, noteDialog } = useTakeSlot(villageId);
  const active = me && isActiveVillager(me) ? me : null;
  const onTake = useCallback((slot: Slot) => void (active && take(slot.village_need_id, slot, active.id)), [active, take]);
  const loading = helps === undefined || slots === undefined || needs === undefined || villagers === undefined || categories === undefined;

  return (
    <>
      <h1>Planning</h1>
      {loading ? (
        <p role="status">Chargement du planning…</p>
      ) : (
        <PlanningView
          villageId={villageId}
          helps={helps}
          slots={slots}
          needs={needs}
          categories={categories}
          villagers={villagers}
          today={today}
          myVillagerId={active?.id ?? null}
          onTake={active ? onTake : undefined}
          key={openOnly ? 'open-only' : 'all'}
          initialOpenOnly={openOnly}
          onAnchorChange={setAnchor}
        />
      )}
      {noteDialog}
      {/* The village's planning in the member's own calendar app (src/features/calendar/). */}
      <CalendarSubscription scope={{ kind: 'village', villageId }} />
    </>
  );
}
