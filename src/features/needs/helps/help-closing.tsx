import { useId, useState, type FormEvent } from 'react';
import type { Help, Villager } from '../../../contract';
import { THANKS_MESSAGE_MAX } from '../../../contract/help-thanks';
import { markHelpDoneAction, mayMarkDone, mayThank, thankHelperAction } from '../../../domain/helps/help-closing';
import { toast } from '../../../state/toasts';

interface HelpClosingProps {
  villageId: string;
  help: Help;
  me: Villager | null | undefined;
  /** The helper's first name, for the labels a screen reader reads out of context. */
  helperName: string;
  needName?: string;
}

/**
 * A past help closed: "Fait" and "Merci envoyé" once said, and to whom may, « C'est fait » and « Merci »
 * (with an optional word typed before the one tap). Written to the device at once, sent when it can.
 */
export function HelpClosing({ villageId, help, me, helperName, needName }: HelpClosingProps) {
  const [word, setWord] = useState('');
  const wordId = useId();
  const canDone = mayMarkDone(help, me);
  const canThank = mayThank(help, me);
  if (!me || (!help.done_at && help.thanks_count === 0 && !canDone && !canThank)) return null;

  const done = async () => {
    const result = await markHelpDoneAction(villageId, help, me.id, needName);
    if (!result.ok) toast.error(result.message);
  };
  const thank = async (event: FormEvent) => {
    event.preventDefault();
    const result = await thankHelperAction(villageId, help, me.id, word, needName);
    if (!result.ok) return toast.error(result.message);
    setWord('');
    toast.success(`Merci envoyé à ${helperName}.`);
  };

  return (
    <div className="help-closing">
      {help.done_at || help.thanks_count > 0 ? (
        <p className="help-closed">
          {help.done_at ? <span className="help-badge">Fait</span> : null}
          {help.thanks_count > 0 ? <span className="help-badge">Merci envoyé</span> : null}
        </p>
      ) : null}
      {help.thanks_message ? <p className="help-comment">«&nbsp;{help.thanks_message}&nbsp;»</p> : null}
      {canDone ? (
        <button type="button" className="secondary" onClick={() => void done()} aria-label={`C’est fait\u00a0: l’aide de ${helperName}`}>
          C’est fait
        </button>
      ) : null}
      {canThank ? (
        <form className="help-thanks" onSubmit={(event) => void thank(event)}>
          <label htmlFor={wordId}>Un mot pour {helperName} (facultatif)</label>
          <input id={wordId} value={word} maxLength={THANKS_MESSAGE_MAX} onChange={(event) => setWord(event.target.value)} />
          <button type="submit" aria-label={`Merci à ${helperName}`}>
            Merci
          </button>
        </form>
      ) : null}
    </div>
  );
}
