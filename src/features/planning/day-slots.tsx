import { type CSSProperties } from 'react';
import type { Slot } from '../../contract/slots';
import { closedText, needOf, type PlanningLookups } from './planning-lookups';
import { isTakeable, SLOT_MARK, slotStateText, type DaySlot } from './slot-index';
import { slotWriteKey } from '../../domain/helps/slot-writes';
import { SlotWriteLabel } from '../../components/take-slot/slot-write-label';
import { UrgentBadge } from '../../components/urgent-badge/urgent-badge';
import { slotKey } from '../../domain/slots/urgent-slots';

interface DaySlotsProps {
  entries: readonly DaySlot[];
  lookups: PlanningLookups;
  /** Takes an open slot in one tap; absent when the viewer cannot (not an active member). */
  onTake?: (slot: Slot) => void;
}

/**
 * A day's scheduled slots: to fill (a button that takes it), partly filled, full, or the viewer's own, each
 * said in words beside its colour and mark; the others lead to the need's helps.
 */
export function DaySlots({ entries, lookups, onTake }: DaySlotsProps) {
  return (
    <ul className="day-slots">
      {entries.map((entry) => {
        const { slot, state } = entry;
        const need = needOf({ village_need_id: slot.village_need_id }, lookups);
        const accent = { '--accent': lookups.colorByNeedId.get(slot.village_need_id) ?? '#000000' } as CSSProperties;
        const holders = slot.taken.map((helpId) => lookups.helperNameByHelpId.get(helpId)).filter(Boolean);
        const closed = closedText(slot.taken, lookups.closedHelps);
        const body = (
          <>
            {/* Its non-breaking spaces (contract/french-time.ts) keep each time whole on a narrow column. */}
            <span className="day-slot-time">{entry.time}</span>
            <span className="day-slot-need">{need?.name ?? 'Besoin supprimé'}</span>
            {lookups.urgent?.keys.has(slotKey(slot)) ? <UrgentBadge horizonDays={lookups.urgent.horizonDays} /> : null}
            <span className="day-slot-state">
              <span aria-hidden="true">{SLOT_MARK[state]} </span>
              {slotStateText(entry)}
            </span>
            <SlotWriteLabel write={lookups.slotWrites?.get(slotWriteKey(slot.village_need_id, slot.start_date))} />
            {holders.length && state !== 'mine' ? <span className="day-slot-holders">{holders.join(', ')}</span> : null}
            {closed ? <span className="day-closed">{closed}</span> : null}
          </>
        );
        return (
          <li key={`${slot.village_need_id} ${slot.start_date}`} className={`day-slot is-${state}`} style={accent}>
            {onTake && isTakeable(state) ? (
              <button type="button" className="day-slot-body day-slot-take" onClick={() => onTake(slot)}>
                {body}
                <span className="day-slot-action">Je m’en occupe</span>
              </button>
            ) : (
              <a {...lookups.helpsLink(slot.village_need_id)} className="day-slot-body">
                {body}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
