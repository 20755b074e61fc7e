import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { useDialogAction } from './use-dialog-action';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What is lost, said before it is. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  /** Does the thing; answers why it could not (shown in the dialog, which stays open) or null. */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}

/**
 * The confirmation before an action that cannot be undone. A native modal dialog keeps focus inside it,
 * closes with Escape and gives focus back to the button that opened it; "Annuler" has the first focus so
 * that a hurried Enter does no harm.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel = 'Suppression…', onConfirm, onClose }: ConfirmDialogProps) {
  const ref = useModalDialog(open);
  const { busy, error, run } = useDialogAction(open);
  const titleId = useId();
  const textId = useId();
  const confirm = () => run(onConfirm);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} aria-describedby={textId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      <div id={textId}>{children}</div>
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
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
