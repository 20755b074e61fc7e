import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { DEFAULT_GAP_HORIZON_DAYS, DEFAULT_TIME_ZONE, type Villager } from '../../contract';
import { slotKey, urgentSlotKeys } from '../../domain/slots/urgent-slots';
import { UrgentBadge } from '../urgent-badge/urgent-badge';
import { type Slot } from '../../contract/slots';
import { formatHelpSlot } from '../../contract/french-time';
import { useVillage } from '../../domain/villages/village-reads';
import { useVillageHelps } from '../../domain/helps/help-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { useVillageSlots } from '../../domain/slots/slots';
import { slotStateLabel } from '../../domain/helps/slot-state';
import { useTakeSlot } from '../take-slot/use-take-slot';
import { restOfWeek, weekSlotsOf, weekSlotsText } from '../../domain/villages/week-slots';
import './open-slots.css';

/** How far ahead the home looks for slots to offer, and how many it lists. */
const AHEAD_DAYS = 14;
const LISTED = 3;

/** As the planning and the need say it: "À pourvoir", "À pourvoir : 3 places", "1 place libre sur 3". */
const placesText = (slot: Slot) => slotStateLabel(slot.taken.length === 0 ? 'open' : 'partial', slot);

/** The slots the viewer may take: open, not theirs already. */
const takeable = (slots: readonly Slot[], mine: ReadonlySet<string>) =>
  slots.filter((slot) => slot.open > 0 && !slot.taken.some((id) => mine.has(id)));

/**
 * The village's coverage at a glance (its home shows it first): how many slots of the week are still to fill (leading to them on the
 * planning), and the next ones, each taken in one tap.
 */
export function OpenSlots({ villageId, me }: { villageId: string; me: Villager }) {
  const titleId = useId();
  const village = useVillage(villageId);
  const needs = useVillageNeeds(villageId);
  const myHelps = useVillageHelps(villageId);
  const [span] = useState(() => {
    const now = new Date();
    return { now, to: new Date(now.getTime() + AHEAD_DAYS * 24 * 3600_000).toISOString() };
  });
  const slots = useVillageSlots(villageId, span.now.toISOString(), span.to);
  const { take, noteDialog } = useTakeSlot(villageId);
  if (!slots || !needs || !myHelps || !slots.length) return null;

  const zone = village?.time_zone ?? DEFAULT_TIME_ZONE;
  const week = restOfWeek(span.now, zone);
  const weekText = weekSlotsText(weekSlotsOf(slots.filter((slot) => slot.start_date < week.to)));
  const mine = new Set(myHelps.filter((help) => help.helper_id === me.id).map((help) => help.id));
  const next = takeable(slots, mine).slice(0, LISTED);
  const nameOf = (needId: string) => needs.find((need) => need.id === needId)?.name ?? 'Besoin';
  const horizon = village?.gap_horizon_days ?? DEFAULT_GAP_HORIZON_DAYS;
  const urgent = urgentSlotKeys(next, span.now, horizon);

  return (
    <section className="open-slots" aria-labelledby={titleId}>
      <h2 id={titleId}>Créneaux à pourvoir</h2>
      {weekText ? (
        <p className="open-slots-week">
          <Link to="/dashboard/villages/$id/planning" params={{ id: villageId }} search={{ filtre: 'a-pourvoir' }}>
            {weekText}
          </Link>
        </p>
      ) : null}
      {next.length ? (
        <ul className="open-slots-list">
          {next.map((slot) => {
            const when = formatHelpSlot(slot.start_date, slot.end_date);
            const name = nameOf(slot.village_need_id);
            return (
              <li key={`${slot.village_need_id} ${slot.start_date}`}>
                <span className="open-slots-need">{name}</span>
                {urgent.has(slotKey(slot)) ? <UrgentBadge horizonDays={horizon} /> : null}
                <span className="open-slots-when">{when}</span>
                <span className="open-slots-places">{placesText(slot)}</span>
                <button type="button" onClick={() => void take(slot.village_need_id, slot, me.id)}>
                  Je m’en occupe
                  <span className="visually-hidden">{`\u00a0: ${name}, ${when}`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="open-slots-none">Aucun créneau à pourvoir dans les deux semaines à venir.</p>
      )}
      {noteDialog}
    </section>
  );
}
