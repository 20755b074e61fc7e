import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import * as v from 'valibot';
import { UpdateHelpInput } from '../../contract';
import { toast } from '../../state/toasts';
import { updateHelpAction } from '../../domain/helps/actions';
import { useCurrentUser } from '../../session/current-user';
import { ResendLink } from '../verification/resend-link';
import './slot-note-prompt.css';

export const NOTE_QUESTION = 'Un mot pour le village\u00a0? (facultatif)';

interface SlotNotePromptProps {
  villageId: string;
  helpId: string;
  helperId: string;
  /** "mercredi 17 mars, 19 h", so the question says which slot it is about. */
  slotLabel: string;
  onDone: () => void;
}

/**
 * Said and asked just after a slot is taken, never in the way: not a modal, the screen stays usable and the
 * slot is already taken whatever the answer. It says the take (instead of a toast it would hide), and focus
 * comes to it, not to the text box, which would open the phone's keyboard unasked; Escape or "Non merci"
 * closes it.
 */
export function SlotNotePrompt({ villageId, helpId, helperId, slotLabel, onDone }: SlotNotePromptProps) {
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLElement>(null);
  // An address not verified yet gets no confirmation nor reminder: said where the take is said, with the way out.
  const user = useCurrentUser();
  const unverifiedEmail = user && !user.email_verified_at ? user.email : null;

  useEffect(() => {
    ref.current?.focus();
  }, [helpId]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(UpdateHelpInput, { updater_id: helperId, comment: note });
    if (!parsed.success) return setError(parsed.issues[0].message);
    // Nothing typed: nothing to send, as "Non merci".
    if (parsed.output.comment === null) return onDone();
    setBusy(true);
    const result = await updateHelpAction(villageId, helpId, parsed.output);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    toast.success('Votre mot a été ajouté.');
    onDone();
  };

  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDone();
  };

  return (
    <section
      ref={ref}
      className="slot-note-prompt"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={escape}
    >
      <form onSubmit={send} noValidate>
        <h2 id={titleId}>C’est noté&nbsp;: vous y allez, {slotLabel}.</h2>
        <label htmlFor={fieldId}>{NOTE_QUESTION}</label>
        <textarea
          id={fieldId}
          name="comment"
          rows={2}
          value={note}
          placeholder="Par exemple&nbsp;: j’apporte une soupe"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
        <div className="slot-note-actions">
          <button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Envoi en cours…' : 'Ajouter ce mot'}
          </button>
          <button type="button" className="secondary" onClick={onDone}>
            Non merci
          </button>
        </div>
      </form>
      {unverifiedEmail ? (
        <div className="slot-note-verification">
          <p>Vous recevrez la confirmation et le rappel par e-mail une fois votre adresse confirmée.</p>
          <ResendLink email={unverifiedEmail} />
        </div>
      ) : null}
    </section>
  );
}
