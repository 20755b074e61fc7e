import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Village, Villager } from '../../contract';
import { CloseVillageDialog } from '../../components/village-closed/close-village-dialog';
import { DeleteVillageDialog } from '../../components/village-closed/delete-village-dialog';
import { canStillReopen, closeVillageOnline, deleteVillageOnline, reopenVillageOnline } from '../../domain/villages/close-village';
import { onlineStatus } from '../../pwa/online-status';

/**
 * The end of the manage page: « Clôturer le village » while it is open, « Rouvrir le village » for 30 days
 * after. Both need the network (no outbox): the dialog says so offline.
 */
export function CloseVillageSection({ village, me }: { village: Village; me: Villager }) {
  return (
    <>
      <CloseOrReopen village={village} me={me} />
      <DeleteVillage village={village} me={me} />
    </>
  );
}

/** « Supprimer le village »: for good, confirmed by typing its name; online only. */
function DeleteVillage({ village, me }: { village: Village; me: Villager }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <section className="close-village" aria-label="Supprimer le village">
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Supprimer le village
      </button>
      <DeleteVillageDialog
        open={open}
        villageName={village.name ?? ''}
        onConfirm={async () => {
          const failure = await deleteVillageOnline(village.id, me.id, onlineStatus.get());
          if (!failure) await navigate({ to: '/dashboard/villages', replace: true });
          return failure;
        }}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}

function CloseOrReopen({ village, me }: { village: Village; me: Villager }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (village.closed_at) {
    if (!canStillReopen(village)) return null;
    const reopen = async () => {
      if (busy) return;
      setBusy(true);
      setError(await reopenVillageOnline(village.id, me.id, onlineStatus.get()));
      setBusy(false);
    };
    return (
      <section className="close-village" aria-label="Rouvrir le village">
        <p>Le village peut être rouvert pendant 30&nbsp;jours après sa clôture.</p>
        <button type="button" onClick={() => void reopen()} aria-disabled={busy || undefined}>
          {busy ? 'Réouverture…' : 'Rouvrir le village'}
        </button>
        {error ? (
          <p className="form-alert" role="alert">
            {error}
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <section className="close-village" aria-label="Clôturer le village">
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Clôturer le village
      </button>
      <CloseVillageDialog
        open={open}
        onConfirm={async (message) => {
          const failure = await closeVillageOnline(village.id, me.id, message, onlineStatus.get());
          if (!failure) setOpen(false);
          return failure;
        }}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
