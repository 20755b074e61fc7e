import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { LocalWrite } from '../../outbox/write-locally';

/** « Supprimer », then a confirmation saying what goes: for a post and for a comment. */
export function DeleteWithConfirm({
  label,
  title,
  text,
  onDelete,
}: {
  /** The button's accessible name, saying what it deletes (several are on the page). */
  label: string;
  title: string;
  text: string;
  onDelete: () => Promise<LocalWrite>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link news-delete" aria-label={label} onClick={() => setOpen(true)}>
        Supprimer
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel="Supprimer"
        onConfirm={async () => {
          const result = await onDelete();
          if (!result.ok) return result.message;
          setOpen(false);
          return null;
        }}
        onClose={() => setOpen(false)}
      >
        <p>{text}</p>
      </ConfirmDialog>
    </>
  );
}
