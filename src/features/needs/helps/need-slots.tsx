import { useMemo, useState } from 'react';
import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE, MAX_SLOT_WINDOW_DAYS, type Help, type VillageNeed } from '../../../contract';
import { type Slot } from '../../../contract/slots';
import { formatHelpSlot } from '../../../contract/french-time';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, TOAST_TEXT } from '../../../state/toasts';
import { canManage, useMyVillager, useVillagers } from '../../../domain/villagers/villager-reads';
import { useVillage } from '../../../domain/villages/village-reads';
import { useVillageHelps } from '../../../domain/helps/help-reads';
import { useVillageSlots } from '../../../domain/slots/slots';
import { cancelSlotAction } from '../../../domain/needs/actions';
import { useTakeSlot } from '../../../components/take-slot/use-take-slot';
import { deleteHelpAction } from '../../../domain/helps/actions';
import { SlotRow } from './slot-row';
import { LATE_WITHDRAWAL_MS, slotState } from '../../../domain/helps/slot-state';
import { slotWriteKey, useSlotWrites } from '../../../domain/helps/slot-writes';
import '../needs.css';

const WEEKS_SHOWN = 8;
const MAX_WEEKS = Math.floor(MAX_SLOT_WINDOW_DAYS / 7);

interface NeedSlotsProps {
  villageId: string;
  need: VillageNeed;
  /** Only the slots one can still take (the "add help" route of a scheduled need). */
  onlyOpen?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** `late`: measured when the helper asks, a withdrawal under 48 hours ahead is told to the organisers. */
type Pending = { kind: 'withdraw'; slot: Slot; help: Help; late: boolean } | { kind: 'cancel'; slot: Slot };

/**
 * A scheduled need's next slots (eight weeks, then more on demand), read from this device: taking one is a
 * tap ("Je m'en occupe", offline too), withdrawing is confirmed (and says when the organisers will be told),
 * and managers may cancel one date.
 */
export function NeedSlots({ villageId, need, onlyOpen = false, headingLevel = 'h2' }: NeedSlotsProps) {
  // The window is fixed when the screen opens: a live query whose bounds moved at each render would never settle.
  const [from] = useState(() => new Date());
  const [weeks, setWeeks] = useState(WEEKS_SHOWN);
  const to = useMemo(() => DateTime.fromJSDate(from).plus({ weeks }).toJSDate().toISOString(), [from, weeks]);
  const slots = useVillageSlots(villageId, from.toISOString(), to, need.id);
  const helps = useVillageHelps(villageId, need.id);
  const villagers = useVillagers(villageId);
  const village = useVillage(villageId);
  const me = useMyVillager(villageId);
  const { take, noteDialog } = useTakeSlot(villageId);
  const writes = useSlotWrites(villageId);
  const [pending, setPending] = useState<Pending | null>(null);
  const zone = village?.time_zone ?? DEFAULT_TIME_ZONE;
  const Heading = headingLevel;

  if (slots === undefined || helps === undefined || villagers === undefined || me === undefined)
    return <p role="status">Chargement des créneaux…</p>;

  const byId = new Map(helps.map((help) => [help.id, help]));
  const mine = new Set(me ? helps.filter((help) => help.helper_id === me.id).map((help) => help.id) : []);
  const firstName = (help: Help) =>
    help.helper_id === me?.id ? 'Vous' : (villagers.find((v) => v.id === help.helper_id)?.user?.first_name ?? 'Un membre du village');
  const manager = canManage(me);
  const shown = onlyOpen ? slots.filter((slot) => slot.open > 0 && slotState(slot, mine) !== 'mine') : slots;

  const confirm = async () => {
    if (!pending || !me) return null;
    const result =
      pending.kind === 'withdraw'
        ? await deleteHelpAction(villageId, pending.help.id, me.id, { needName: need.name, startDate: pending.help.start_date })
        : await cancelSlotAction(villageId, need, pending.slot.start_date, zone, me.id);
    if (!result.ok) return result.message;
    toast.success(pending.kind === 'withdraw' ? TOAST_TEXT.deleted : 'Ce créneau est annulé.');
    setPending(null);
    return null;
  };
  const when = (slot: Slot) => formatHelpSlot(slot.start_date, slot.end_date, undefined, zone);
  const takenCount = pending?.kind === 'cancel' ? pending.slot.taken.length : 0;

  return (
    <section className="need-slots" aria-labelledby={`slots-${need.id}`}>
      <Heading id={`slots-${need.id}`}>{onlyOpen ? 'Créneaux à pourvoir' : 'Prochains créneaux'}</Heading>
      {shown.length === 0 ? (
        <p className="help-empty">
          {onlyOpen ? 'Aucun créneau à pourvoir dans les semaines à venir.' : 'Aucun créneau à venir dans cette période.'}
        </p>
      ) : (
        <ul className="slot-list">
          {shown.map((slot) => (
            <SlotRow
              key={slot.start_date}
              slot={slot}
              state={slotState(slot, mine)}
              zone={zone}
              write={writes.get(slotWriteKey(need.id, slot.start_date))}
              holders={slot.taken.flatMap((id) => {
                const help = byId.get(id);
                return help ? [{ help, name: firstName(help) }] : [];
              })}
              onTake={me ? () => void take(need.id, slot, me.id) : null}
              onWithdraw={(() => {
                const help = slot.taken.map((id) => byId.get(id)).find((h) => h && mine.has(h.id));
                return help
                  ? () => setPending({ kind: 'withdraw', slot, help, late: Date.parse(slot.start_date) - Date.now() < LATE_WITHDRAWAL_MS })
                  : null;
              })()}
              onCancel={manager && !onlyOpen ? () => setPending({ kind: 'cancel', slot }) : null}
            />
          ))}
        </ul>
      )}
      {weeks < MAX_WEEKS ? (
        <button type="button" className="secondary slot-more" onClick={() => setWeeks((w) => Math.min(MAX_WEEKS, w + WEEKS_SHOWN))}>
          Voir plus
        </button>
      ) : null}
      {noteDialog}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'cancel' ? 'Annuler ce créneau\u00a0?' : 'Vous retirer de ce créneau\u00a0?'}
        confirmLabel={pending?.kind === 'cancel' ? 'Annuler ce créneau' : 'Me retirer'}
        busyLabel="Un instant…"
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'withdraw' ? (
          <>
            <p>Votre place du {when(pending.slot)} sera libérée pour quelqu’un d’autre.</p>
            {pending.late ? (
              <p>Ce créneau commence dans moins de 48 heures&nbsp;: les personnes qui organisent le village seront prévenues.</p>
            ) : null}
          </>
        ) : null}
        {pending?.kind === 'cancel' ? (
          <>
            <p>Le créneau du {when(pending.slot)} n’aura pas lieu&nbsp;: il disparaît du planning.</p>
            {takenCount ? (
              <p>
                {takenCount === 1
                  ? 'La personne qui l’avait pris sera prévenue.'
                  : `Les ${takenCount} personnes qui l’avaient pris seront prévenues.`}
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
