import { useEffect, useId, useRef } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { useDialogAction } from '../../../components/use-dialog-action';

interface CannotComeDialogProps {
  open: boolean;
  /** "mercredi 17 mars, 19 h – 20 h 30": the slot in the village's words. */
  when: string;
  /** Under 48 hours ahead: a withdrawal is told to the organisers. */
  late: boolean;
  /** Null once a replacement is already asked: only withdrawing is left to offer. */
  onSeekReplacement: (() => Promise<string | null>) | null;
  onWithdraw: () => Promise<string | null>;
  onClose: () => void;
}

/**
 * « Je ne peux plus »: the helper chooses between asking the circle for someone to take over (kept first and
 * focused first: the slot stays covered) and withdrawing outright. A native modal keeps focus inside and
 * gives it back to the button that opened it.
 */
export function CannotComeDialog({ open, when, late, onSeekReplacement, onWithdraw, onClose }: CannotComeDialogProps) {
  const ref = useModalDialog(open);
  const first = useRef<HTMLButtonElement>(null);
  // showModal focuses the first button in the document's order, « Annuler » here (last on a phone's reversed
  // row): the choice that keeps the slot covered gets the focus instead, once the dialog is shown.
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  const { busy, error, run } = useDialogAction(open);
  const titleId = useId();
  const textId = useId();

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} aria-describedby={textId} onClose={onClose}>
      <h2 id={titleId}>Vous ne pouvez plus venir&nbsp;?</h2>
      <div id={textId}>
        {onSeekReplacement ? (
          <p>
            Le village peut chercher quelqu’un pour prendre le relais le {when}. Vous gardez le créneau tant que personne ne l’a repris.
          </p>
        ) : (
          <p>Vous cherchez déjà quelqu’un pour le {when}. Vous pouvez aussi vous retirer tout de suite.</p>
        )}
        {late ? (
          <p>
            Ce créneau commence dans moins de 48 heures&nbsp;: si vous vous retirez, les personnes qui organisent le village seront
            prévenues.
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      {/* Read last to first on a phone (the row is reversed there): the replacement comes first. */}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Annuler
        </button>
        <button type="button" className="danger" onClick={() => void run(onWithdraw)} aria-disabled={busy || undefined}>
          Me retirer
        </button>
        {onSeekReplacement ? (
          <button ref={first} type="button" onClick={() => void run(onSeekReplacement)} aria-disabled={busy || undefined}>
            Chercher un remplaçant
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
