import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_TIME_ZONE, isActiveVillager } from '../../contract';
import { type Slot } from '../../contract/slots';
import { useCategories } from '../../domain/categories/category-reads';
import { useMyVillager, useVillagers } from '../../domain/villagers/villager-reads';
import { useVillage, useVillageSync } from '../../domain/villages/village-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { todayInParis, type IsoDay, type PlanningViewKind } from '../../domain/helps/calendar-dates';
import { PlanningView } from './planning-view';
import { planningSlots, usePlanningHelps } from '../../domain/helps/planning-helps';
import { CalendarSubscription } from '../../components/calendar-subscription/calendar-subscription';
import { useTakeSlot } from '../../components/take-slot/use-take-slot';
import { useHelpsOfPeriod } from '../../domain/helps/older-helps';
import { useSlotWrites } from '../../domain/helps/slot-writes';
import { useClosedHelps } from '../../domain/helps/closed-helps';
import { helpsFromInstant } from '../../contract/villages';
import { OlderPeriodStatus } from './older-period-status';
import { ThankEveryone } from './thank-everyone';

/**
 * The planning route: reads the village's local data around the shown period (helps, and the scheduled needs'
 * slots expanded on the device from them) and hands it to the pure view; an open slot is taken in one tap.
 */
export function PlanningPage({ villageId, openOnly = false }: { villageId: string; openOnly?: boolean }) {
  useVillageSync(villageId);
  const [today] = useState(todayInParis);
  const [period, setPeriod] = useState<{ anchor: IsoDay; view: PlanningViewKind }>({ anchor: today, view: 'week' });
  const onPeriodChange = useCallback((anchor: IsoDay, view: PlanningViewKind) => setPeriod({ anchor, view }), []);
  const read = usePlanningHelps(villageId, period.anchor, period.view);
  // A period before the helps the pull brings is read from the server when shown.
  const older = useHelpsOfPeriod(villageId, read ? helpsFromInstant(read.range.from) : '', read ? helpsFromInstant(read.range.to) : '');
  const needs = useVillageNeeds(villageId);
  const village = useVillage(villageId);
  const zone = village?.time_zone ?? DEFAULT_TIME_ZONE;
  // The slots of the days read, from the same rows (the period's helps, the needs).
  const slots = useMemo(() => (needs && read ? planningSlots(needs, read.helps, zone, read.days) : undefined), [needs, read, zone]);
  const villagers = useVillagers(villageId);
  const categories = useCategories();
  const me = useMyVillager(villageId);
  const { take, noteDialog } = useTakeSlot(villageId);
  const slotWrites = useSlotWrites(villageId);
  const closedHelps = useClosedHelps(villageId, read?.range);
  const closed = !!village?.closed_at;
  const member = me && isActiveVillager(me) ? me : null;
  // Who may act here: a member of a village still open (a closed one is only read).
  const active = closed ? null : member;
  const onTake = useCallback((slot: Slot) => void (active && take(slot.village_need_id, slot, active.id)), [active, take]);
  const loading = read === undefined || slots === undefined || needs === undefined || villagers === undefined || categories === undefined;

  return (
    <>
      <h1>Planning</h1>
      <OlderPeriodStatus status={older} />
      <ThankEveryone villageId={villageId} me={active} />
      {loading ? (
        <p role="status">Chargement du planning…</p>
      ) : (
        <PlanningView
          villageId={villageId}
          helps={read.helps}
          readRange={read.range}
          slots={slots}
          needs={needs}
          categories={categories}
          villagers={villagers}
          today={today}
          myVillagerId={member?.id ?? null}
          onTake={active ? onTake : undefined}
          slotWrites={slotWrites}
          closedHelps={closedHelps}
          gapHorizonDays={village?.gap_horizon_days}
          key={openOnly ? 'open-only' : 'all'}
          initialOpenOnly={openOnly}
          onPeriodChange={onPeriodChange}
        />
      )}
      {noteDialog}
      {/* The village's planning in the member's own calendar app (src/components/calendar-subscription/). Under
          the planning once it is there: shown beside "Chargement…", the week coming above it pushed it out of
          the screen, a layout shift of 0.25 on a phone (bench:lighthouse). */}
      {loading ? null : <CalendarSubscription scope={{ kind: 'village', villageId }} />}
    </>
  );
}
