import { useModalDialog } from '../use-modal-dialog';
import type { OutboxEntry } from '../../db/database';
import { describeEntry } from '../../outbox/describe-entry';
import { discardFailed, retryFailed } from '../../outbox/failed-entries';
import { replayInBackground } from '../../outbox/page-replayer';
import { queryClient } from '../../state/query-client';
import { villageQuery } from '../../domain/villages/village-query';
import { goneReason } from './gone-reason';

interface Props {
  entries: OutboxEntry[];
  open: boolean;
  onClose: () => void;
}

/**
 * The changes the server refused, each with what it was and its French reason: send again, or give it up.
 * A change whose thing was deleted by someone else can only be removed: sending it again would fail again.
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
      <p>Le serveur a refusé ces modifications. Vous pouvez les renvoyer ou les abandonner.</p>
      <ul className="failed-list">
        {entries.map((entry) => {
          const what = describeEntry(entry);
          const gone = goneReason(entry.failure);
          // Each button is read with the change it acts on: several "Retirer" in a list are otherwise alike.
          const whatId = `failed-what-${entry.seq}`;
          return (
            <li key={entry.seq}>
              <p className="failed-what" id={whatId}>
                {what}
                {gone ? <span className="failed-gone"> : {gone}</span> : null}
              </p>
              {gone ? null : <p className="failed-why">{entry.failure?.message}</p>}
              <div className="failed-actions">
                {gone ? null : (
                  <button type="button" className="secondary" aria-describedby={whatId} onClick={() => void retry(entry)}>
                    Réessayer
                  </button>
                )}
                <button type="button" className="link" aria-describedby={whatId} onClick={() => void discard(entry)}>
                  {gone ? 'Retirer' : 'Abandonner'}
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
