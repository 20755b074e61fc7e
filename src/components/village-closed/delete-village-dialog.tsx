import { useId, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';

interface DeleteVillageDialogProps {
  open: boolean;
  villageName: string;
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}

export const TYPE_NAME_TEXT = 'Saisissez le nom du village pour confirmer.';

/** Deleting for good is confirmed by typing the village's name: a tap alone never loses years of a family's life. */
export function DeleteVillageDialog({ open, villageName, onConfirm, onClose }: DeleteVillageDialogProps) {
  const [typed, setTyped] = useState('');
  const nameId = useId();
  const matches = typed.trim() === villageName.trim();
  return (
    <ConfirmDialog
      open={open}
      title="Supprimer le village"
      confirmLabel="Supprimer définitivement"
      onConfirm={async () => (matches ? onConfirm() : TYPE_NAME_TEXT)}
      onClose={onClose}
    >
      <p>Tout sera supprimé&nbsp;: besoins, créneaux, messages, nouvelles et photos. Cela ne peut pas être annulé.</p>
      <label htmlFor={nameId}>Nom du village («&nbsp;{villageName}&nbsp;»)</label>
      <input id={nameId} type="text" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
    </ConfirmDialog>
  );
}
