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
import { askReplacementAction, cancelReplacementAction, deleteHelpAction, takeOverAction } from '../../../domain/helps/actions';
import { SlotRow } from './slot-row';
import { CannotComeDialog } from './cannot-come-dialog';
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
 * tap ("Je m'en occupe", offline too); « Je ne peux plus » asks the circle for a replacement or withdraws
 * (and says when the organisers will be told); a slot whose helper asked is taken over in one tap
 * (« Je prends le relais »); managers may cancel one date.
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
  // A closed village is only read: no take, no withdrawal, no cancelling.
  const open = !village?.closed_at;
  const manager = open && canManage(me);
  const shown = onlyOpen ? slots.filter((slot) => slot.open > 0 && slotState(slot, mine) !== 'mine') : slots;

  const slotContext = (help: Help) => ({ needName: need.name, startDate: help.start_date, timeZone: zone });
  const done = (result: { ok: true } | { ok: false; message: string }, said: string) => {
    if (!result.ok) return result.message;
    toast.success(said);
    setPending(null);
    return null;
  };
  const confirm = async () => {
    if (pending?.kind !== 'cancel' || !me) return null;
    return done(await cancelSlotAction(villageId, need, pending.slot.start_date, zone, me.id), 'Ce créneau est annulé.');
  };
  const withdraw = async () => {
    if (pending?.kind !== 'withdraw' || !me) return null;
    return done(await deleteHelpAction(villageId, pending.help.id, me.id, slotContext(pending.help)), TOAST_TEXT.deleted);
  };
  const seekReplacement = async () => {
    if (pending?.kind !== 'withdraw' || !me) return null;
    const result = await askReplacementAction(villageId, pending.help.id, me.id, slotContext(pending.help));
    return done(result, 'Le village est prévenu. Vous gardez le créneau tant que personne ne l’a repris.');
  };
  const cancelReplacement = async (help: Help) => {
    if (!me) return;
    const result = await cancelReplacementAction(villageId, help.id, me.id, slotContext(help));
    if (result.ok) toast.success('C’est noté\u00a0: vous y allez.');
    else toast.error(result.message);
  };
  const takeOver = async (help: Help) => {
    if (!me) return;
    const result = await takeOverAction(villageId, help.id, me.id, slotContext(help));
    if (result.ok) toast.success(`Vous prenez le relais de ${firstName(help)}.`);
    else toast.error(result.message);
  };
  const when = (slot: Slot) => formatHelpSlot(slot.start_date, slot.end_date, undefined, zone);
  const myHelpOn = (slot: Slot) => slot.taken.map((id) => byId.get(id)).find((h) => h && mine.has(h.id));
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
              onTake={me && open ? () => void take(need.id, slot, me.id) : null}
              onCannotCome={(() => {
                const help = myHelpOn(slot);
                return help && open
                  ? () => setPending({ kind: 'withdraw', slot, help, late: Date.parse(slot.start_date) - Date.now() < LATE_WITHDRAWAL_MS })
                  : null;
              })()}
              onCancelReplacement={(() => {
                const help = myHelpOn(slot);
                return help?.replacement_asked_at && open ? () => void cancelReplacement(help) : null;
              })()}
              onTakeOver={me && open ? (help) => void takeOver(help) : null}
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
      <CannotComeDialog
        open={pending?.kind === 'withdraw'}
        when={pending?.kind === 'withdraw' ? when(pending.slot) : ''}
        late={pending?.kind === 'withdraw' && pending.late}
        onSeekReplacement={pending?.kind === 'withdraw' && !pending.help.replacement_asked_at ? seekReplacement : null}
        onWithdraw={withdraw}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.kind === 'cancel'}
        title="Annuler ce créneau&nbsp;?"
        confirmLabel="Annuler ce créneau"
        busyLabel="Un instant…"
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
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
