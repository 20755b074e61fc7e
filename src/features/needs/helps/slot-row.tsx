import type { Help } from '../../../contract';
import type { Slot } from '../../../contract/slots';
import { formatHelpSlot } from '../../../contract/french-time';
import { ofName } from '../../../contract/replacement';
import { SLOT_ICON, slotStateLabel, type SlotState } from '../../../domain/helps/slot-state';
import type { SlotWrite } from '../../../domain/helps/slot-writes';
import { SlotWriteLabel } from '../../../components/take-slot/slot-write-label';

interface SlotRowProps {
  slot: Slot;
  state: SlotState;
  zone: string;
  /** The helps holding it, first taken first, with their helper's first name. */
  holders: { help: Help; name: string }[];
  /** Null when the viewer may not take slots (not a member). */
  onTake: (() => void) | null;
  /** « Je ne peux plus » on one's own help: asks for a replacement or withdraws (CannotComeDialog). */
  onCannotCome: (() => void) | null;
  /** « Je peux venir finalement »: one's own request for a replacement taken back. */
  onCancelReplacement: (() => void) | null;
  /** « Je prends le relais » on someone's help whose helper asked for a replacement. */
  onTakeOver: ((help: Help) => void) | null;
  onCancel: (() => void) | null;
  /** Where this person's take of the slot stands, when it was made on this device and not yet confirmed. */
  write?: SlotWrite;
}

/** One slot: when, its state in words and icon, who goes and what they said, and what the viewer may do. */
export function SlotRow({
  slot,
  state,
  zone,
  holders,
  onTake,
  onCannotCome,
  onCancelReplacement,
  onTakeOver,
  onCancel,
  write,
}: SlotRowProps) {
  const when = formatHelpSlot(slot.start_date, slot.end_date, undefined, zone);
  const seeking = holders.filter(({ help }) => help.replacement_asked_at);
  return (
    <li className={`slot-row slot-${state}`}>
      <p className="slot-when">{when}</p>
      <p className="slot-state">
        <span className="slot-icon" aria-hidden="true">
          {SLOT_ICON[state]}
        </span>{' '}
        {slotStateLabel(state, slot)}
      </p>
      <SlotWriteLabel write={write} />
      {holders.length ? (
        <ul className="slot-holders">
          {holders.map(({ help, name }) => (
            <li key={help.id}>
              {name}
              {help.replacement_asked_at ? (
                <strong className="slot-seeking"> {name === 'Vous' ? 'cherchez' : 'cherche'} quelqu’un</strong>
              ) : null}
              {help.comment ? <span className="slot-comment">&nbsp;: «&nbsp;{help.comment}&nbsp;»</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="slot-actions">
        {state !== 'mine' && slot.open > 0 && onTake ? (
          <button type="button" onClick={onTake} aria-label={`Je m’en occupe\u00a0: ${when}`}>
            Je m’en occupe
          </button>
        ) : null}
        {state !== 'mine' && onTakeOver
          ? seeking.map(({ help, name }) => (
              <button
                key={help.id}
                type="button"
                onClick={() => onTakeOver(help)}
                aria-label={`Je prends le relais ${ofName(name)}\u00a0: ${when}`}
              >
                Je prends le relais
              </button>
            ))
          : null}
        {state === 'mine' && onCancelReplacement ? (
          <button type="button" onClick={onCancelReplacement} aria-label={`Je peux venir finalement\u00a0: ${when}`}>
            Je peux venir finalement
          </button>
        ) : null}
        {state === 'mine' && onCannotCome ? (
          <button type="button" className="secondary" onClick={onCannotCome} aria-label={`Je ne peux plus\u00a0: ${when}`}>
            Je ne peux plus
          </button>
        ) : null}
        {onCancel ? (
          <button type="button" className="link" onClick={onCancel} aria-label={`Annuler ce créneau\u00a0: ${when}`}>
            Annuler ce créneau
          </button>
        ) : null}
      </div>
    </li>
  );
}
