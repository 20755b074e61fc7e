import { useState } from 'react';
import { useModalDialog } from '../../components/use-modal-dialog';
import { failureText } from '../../components/form/failure-text';
import { deleteAccount } from './delete-account';

interface DeleteAccountDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * The confirmation before an action that cannot be undone: it says what is lost. A native modal dialog
 * keeps focus inside it, closes with Escape and gives focus back to the button that opened it.
 */
export function DeleteAccountDialog({ userId, open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const ref = useModalDialog(open);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);


  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await deleteAccount(userId);
    setBusy(false);
    if (result.ok) onDeleted();
    else setError(failureText(result.failure));
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="delete-title" aria-describedby="delete-what" onClose={onClose}>
      <h2 id="delete-title">Supprimer votre compte ?</h2>
      <div id="delete-what">
        <p>La suppression est définitive. Vous perdrez :</p>
        <ul>
          <li>votre profil : nom, email, téléphone et photo ;</li>
          <li>votre place dans tous vos villages, que vous quitterez ;</li>
          <li>l'accès aux besoins, au planning et à la discussion de ces villages.</li>
        </ul>
        <p>Les villages eux-mêmes restent pour leurs autres membres.</p>
      </div>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose} autoFocus>
          Annuler
        </button>
        <button type="button" className="danger" onClick={confirm} aria-disabled={busy || undefined}>
          {busy ? 'Suppression…' : 'Supprimer définitivement'}
        </button>
      </div>
    </dialog>
  );
}
