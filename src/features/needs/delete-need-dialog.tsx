import { ConfirmDialog } from '../../components/confirm-dialog';
import type { VillageNeed } from '../../contract';
import { plannedHelpsLabel } from './planned-helps-label';

interface DeleteNeedDialogProps {
  need: VillageNeed;
  plannedHelps: number;
  open: boolean;
  onClose: () => void;
  onConfirm: () => Promise<string | null>;
}

/** Deleting a need takes its helps with it: said before, with how many are planned. */
export function DeleteNeedDialog({ need, plannedHelps, open, onClose, onConfirm }: DeleteNeedDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={`Supprimer «\u00a0${need.name}\u00a0»\u00a0?`}
      confirmLabel="Supprimer le besoin"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>Le besoin sera retiré du village, avec toutes les aides proposées pour lui, passées comme à venir.</p>
      <p>
        {plannedHelps
          ? `${plannedHelpsLabel(plannedHelps)}\u00a0: les personnes qui les ont proposées ne les verront plus.`
          : 'Aucune aide n’est prévue pour ce besoin.'}
      </p>
    </ConfirmDialog>
  );
}
