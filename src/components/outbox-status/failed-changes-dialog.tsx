import { Link } from '@tanstack/react-router';
import { useModalDialog } from '../use-modal-dialog';
import type { OutboxEntry } from '../../db/database';
import { describeEntry } from '../../outbox/describe-entry';
import { discardFailed, retryFailed } from '../../outbox/failed-entries';
import { replayInBackground } from '../../outbox/page-replayer';
import { queryClient } from '../../state/query-client';
import { villageQuery } from '../../domain/villages/village-query';
import { refusalChoices, type OtherSlots } from './refusal-choices';

interface Props {
  entries: OutboxEntry[];
  open: boolean;
  onClose: () => void;
}

/** "Voir les autres créneaux": the need's slots, or the village's planning when the need is gone. */
function OtherSlotsLink({ to, describedBy, onClick }: { to: OtherSlots; describedBy: string; onClick: () => void }) {
  return to.needId ? (
    <Link
      to="/dashboard/villages/$id/needs/$need_id/helps"
      params={{ id: to.villageId, need_id: to.needId }}
      className="button"
      aria-describedby={describedBy}
      onClick={onClick}
    >
      Voir les autres créneaux
    </Link>
  ) : (
    <Link
      to="/dashboard/villages/$id/planning"
      params={{ id: to.villageId }}
      className="button"
      aria-describedby={describedBy}
      onClick={onClick}
    >
      Voir les autres créneaux
    </Link>
  );
}

/**
 * The changes made on this device that the server did not take, each with what it was and why in plain
 * words, and only the choices that can succeed (refusal-choices.ts): sending again when it may go through,
 * another slot when the one taken is full or gone, and removing it.
 */
export function FailedChangesDialog({ entries, open, onClose }: Props) {
  const ref = useModalDialog(open);

  const retry = async (entry: OutboxEntry) => {
    await retryFailed(entry.seq!);
    replayInBackground();
  };
  const discard = async (entry: OutboxEntry) => {
    const villageId = await discardFailed(entry.seq!);
    // The village as the server has it, in case the pull after the refusal could not happen.
    if (villageId) void queryClient.invalidateQueries({ queryKey: villageQuery(villageId).queryKey });
  };

  return (
    <dialog ref={ref} className="dialog failed-changes" aria-labelledby="failed-title" onClose={onClose}>
      <h2 id="failed-title">Modifications non envoyées</h2>
      <p>Ces modifications faites sur cet appareil n'ont pas pu être enregistrées. Voici pourquoi, et ce que vous pouvez faire.</p>
      <ul className="failed-list">
        {entries.map((entry) => {
          const what = describeEntry(entry);
          const choices = refusalChoices(entry);
          // Each button is read with the change it acts on: several "Retirer" in a list are otherwise alike.
          const whatId = `failed-what-${entry.seq}`;
          return (
            <li key={entry.seq}>
              <p className="failed-what" id={whatId}>
                {what}
              </p>
              <p className="failed-why">{choices.reason}</p>
              <div className="failed-actions">
                {choices.otherSlots ? <OtherSlotsLink to={choices.otherSlots} describedBy={whatId} onClick={onClose} /> : null}
                {choices.retry ? (
                  <button type="button" className="secondary" aria-describedby={whatId} onClick={() => void retry(entry)}>
                    Réessayer
                  </button>
                ) : null}
                <button type="button" className="link" aria-describedby={whatId} onClick={() => void discard(entry)}>
                  {choices.removeLabel}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="dialog-actions">
        <button type="button" onClick={onClose} autoFocus>
          Fermer
        </button>
      </div>
    </dialog>
  );
}
