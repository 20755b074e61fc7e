import { useId, useState, type FormEvent } from 'react';
import type { Villager } from '../../contract';
import { THANK_ALL_MAX, THANKS_MESSAGE_MAX, thankableThisWeek } from '../../contract/help-thanks';
import { isManagerVillager } from '../../contract/roles';
import { useVillageHelps } from '../../domain/helps/help-reads';
import { thankEveryoneAction } from '../../domain/helps/help-closing';
import { toast } from '../../state/toasts';

/**
 * « Merci à tous », on the planning where organisers look at their week: one tap thanks every helper of the
 * past seven days not thanked yet (at most THANK_ALL_MAX helps, as the server caps), with an optional word.
 * Shown to organisers and the person helped, only when someone is left to thank.
 */
export function ThankEveryone({ villageId, me }: { villageId: string; me: Villager | null | undefined }) {
  const helps = useVillageHelps(villageId);
  const [word, setWord] = useState('');
  const wordId = useId();
  if (!me || !isManagerVillager(me) || !helps) return null;
  const now = Date.now();
  const count = Math.min(helps.filter((help) => thankableThisWeek(help, me.id, now)).length, THANK_ALL_MAX);
  if (count === 0) return null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const result = await thankEveryoneAction(villageId, me.id, word);
    if (!result.ok) return toast.error(result.message);
    setWord('');
    toast.success(count === 1 ? 'Merci envoyé à la personne qui a aidé cette semaine.' : `Merci envoyé aux ${count} aides de la semaine.`);
  };

  return (
    <form className="thank-everyone" onSubmit={(event) => void send(event)} aria-labelledby={`${wordId}-title`}>
      <h2 id={`${wordId}-title`}>Cette semaine</h2>
      <p>{count === 1 ? '1 aide passée attend un merci.' : `${count} aides passées attendent un merci.`}</p>
      <label htmlFor={wordId}>Un mot pour tous (facultatif)</label>
      <input id={wordId} value={word} maxLength={THANKS_MESSAGE_MAX} onChange={(event) => setWord(event.target.value)} />
      <button type="submit">Merci à tous</button>
    </form>
  );
}
