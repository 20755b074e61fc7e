import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { CLOSED_MESSAGE_MAX } from '../../contract/villages';
import { TextAreaField } from '../form/text-area-field';

interface CloseVillageDialogProps {
  open: boolean;
  /** Closes with the last word (maybe empty); answers why it could not, or null. */
  onConfirm: (message: string) => Promise<string | null>;
  onClose: () => void;
}

/** Before closing: what happens, said plainly, and the last word the members will read in their mail and on the village. */
export function CloseVillageDialog({ open, onConfirm, onClose }: CloseVillageDialogProps) {
  const [message, setMessage] = useState('');
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
        <li>il peut être rouvert pendant 30&nbsp;jours.</li>
      </ul>
      <TextAreaField
        label="Un dernier mot (facultatif)"
        name="closed_message"
        value={message}
        maxLength={CLOSED_MESSAGE_MAX}
        onChange={setMessage}
      />
    </ConfirmDialog>
  );
}
