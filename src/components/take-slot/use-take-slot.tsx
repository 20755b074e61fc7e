import { useCallback, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_TIME_ZONE } from '../../contract';
import { type Occurrence } from '../../contract/schedule';
import { formatSlotStart } from '../../contract/french-time';
import { toast } from '../../state/toasts';
import { useVillage } from '../../domain/villages/village-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { takeSlotAction } from '../../domain/helps/actions';
import { SlotNotePrompt } from './slot-note-prompt';

export interface TakeSlot {
  /** One tap on an open slot: kept on this device at once (offline too), sent by the outbox. */
  take(needId: string, slot: Occurrence, myVillagerId: string): Promise<void>;
  /** The note prompt after a take, to render once in the screen (null when there is none). */
  noteDialog: ReactNode;
}

/**
 * "Je m'en occupe" for any screen that lists slots (the need, the planning, the village home): the take, its
 * error toast, then the non-blocking prompt for a note. A second tap on the same slot while the first is
 * being written does nothing.
 */
export function useTakeSlot(villageId: string): TakeSlot {
  const village = useVillage(villageId);
  const needs = useVillageNeeds(villageId);
  const [taken, setTaken] = useState<{ helpId: string; helperId: string; label: string } | null>(null);
  const inFlight = useRef(new Set<string>());
  const zone = village?.time_zone ?? DEFAULT_TIME_ZONE;

  const take = useCallback(
    async (needId: string, slot: Occurrence, myVillagerId: string) => {
      const key = `${needId} ${slot.start_date}`;
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      try {
        const needName = needs?.find((n) => n.id === needId)?.name;
        const result = await takeSlotAction(villageId, needId, slot, myVillagerId, null, { needName, timeZone: zone });
        if (!result.ok) {
          toast.error(result.message);
          return;
        }
        setTaken({ helpId: result.helpId, helperId: myVillagerId, label: formatSlotStart(slot.start_date, zone) });
      } finally {
        inFlight.current.delete(key);
      }
    },
    [villageId, needs, zone],
  );

  const noteDialog = taken ? (
    <SlotNotePrompt
      key={taken.helpId}
      villageId={villageId}
      helpId={taken.helpId}
      helperId={taken.helperId}
      slotLabel={taken.label}
      onDone={() => setTaken(null)}
    />
  ) : null;

  return { take, noteDialog };
}
