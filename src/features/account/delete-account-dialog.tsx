import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureText } from '../../domain/failure-text';
import { deleteAccount } from '../../domain/users/delete-account';

interface DeleteAccountDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Deleting the account cannot be undone: the confirmation says what is lost. */
export function DeleteAccountDialog({ userId, open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const confirm = async () => {
    const result = await deleteAccount(userId);
    if (!result.ok) return failureText(result.failure);
    onDeleted();
    return null;
  };
  return (
    <ConfirmDialog
      open={open}
      title="Supprimer votre compte&nbsp;?"
      confirmLabel="Supprimer définitivement"
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>La suppression est définitive. Vous perdrez&nbsp;:</p>
      <ul>
        <li>votre profil&nbsp;: nom, email, téléphone et photo&nbsp;;</li>
        <li>votre place dans tous vos villages, que vous quitterez&nbsp;;</li>
        <li>l'accès aux besoins, au planning et à la discussion de ces villages.</li>
      </ul>
      <p>Les villages eux-mêmes restent pour leurs autres membres.</p>
    </ConfirmDialog>
  );
}
