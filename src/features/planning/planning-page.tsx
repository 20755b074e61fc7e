import { useState } from 'react';
import { useCategories, useVillageNeeds, useVillagers, useVillageSync } from '../../village-data/hooks';
import { todayInParis } from './calendar-dates';
import { PlanningView } from './planning-view';
import { usePlanningHelps } from './use-planning-helps';
import { CalendarSubscription } from '../calendar';

/** The planning route: reads the village's local data around the shown period and hands it to the pure view. */
export function PlanningPage({ villageId }: { villageId: string }) {
  useVillageSync(villageId);
  const [today] = useState(todayInParis);
  const [anchor, setAnchor] = useState(today);
  const helps = usePlanningHelps(villageId, anchor);
  const needs = useVillageNeeds(villageId);
  const villagers = useVillagers(villageId);
  const categories = useCategories();
  const loading = helps === undefined || needs === undefined || villagers === undefined || categories === undefined;

  return (
    <>
      <h1>Planning</h1>
      {loading ? (
        <p role="status">Chargement du planning…</p>
      ) : (
        <PlanningView villageId={villageId} helps={helps} needs={needs} categories={categories} villagers={villagers} today={today} onAnchorChange={setAnchor} />
      )}
      {/* The village's planning in the member's own calendar app (src/features/calendar/). */}
      <CalendarSubscription scope={{ kind: 'village', villageId }} />
    </>
  );
}
