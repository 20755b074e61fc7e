import { useId, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { CLOSED_MESSAGE_MAX } from '../../contract/villages';

interface CloseVillageDialogProps {
  open: boolean;
  /** Closes with the last word (maybe empty); answers why it could not, or null. */
  onConfirm: (message: string) => Promise<string | null>;
  onClose: () => void;
}

/** Before closing: what happens, said plainly, and the last word the members will read in their mail and on the village. */
export function CloseVillageDialog({ open, onConfirm, onClose }: CloseVillageDialogProps) {
  const [message, setMessage] = useState('');
  const wordId = useId();
  return (
    <ConfirmDialog
      open={open}
      title="Clôturer le village"
      confirmLabel="Clôturer le village"
      busyLabel="Clôture…"
      onConfirm={() => onConfirm(message)}
      onClose={onClose}
    >
      <p>Quand l'accompagnement est terminé, vous pouvez clôturer le village&nbsp;:</p>
      <ul>
        <li>les créneaux à venir sont libérés et les rappels et résumés s'arrêtent&nbsp;;</li>
        <li>chaque membre reçoit un dernier e-mail «&nbsp;merci à tous&nbsp;» avec votre mot&nbsp;;</li>
        <li>le village reste consultable par ses membres, en souvenir, mais plus rien ne peut y être ajouté&nbsp;;</li>
        <li>un organisateur peut le rouvrir pendant 30&nbsp;jours.</li>
      </ul>
      <label htmlFor={wordId}>Un dernier mot (facultatif)</label>
      <textarea id={wordId} value={message} maxLength={CLOSED_MESSAGE_MAX} rows={4} onChange={(e) => setMessage(e.target.value)} />
    </ConfirmDialog>
  );
}
