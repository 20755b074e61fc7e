import { useState } from 'react';
import { useOutboxStatus } from '../../outbox/use-outbox-status';
import { failedText, pendingText } from '../../outbox/describe-entry';
import { FailedChangesDialog } from './failed-changes-dialog';
import { useRefusalAnnouncements } from './use-refusal-announcements';
import './outbox-status.css';

/**
 * Where the user's changes stand: nothing when all is sent, a quiet "2 modifications en attente" while some
 * wait for the network, and a clear button when some were refused, which opens the list to retry or discard.
 * A refusal is also said at once, in a toast, on whatever screen is open.
 */
export function OutboxIndicator() {
  const { pending, failed } = useOutboxStatus();
  const [open, setOpen] = useState(false);
  useRefusalAnnouncements(failed);
  return (
    <div className="outbox-indicator">
      <p role="status" className="outbox-pending">
        {pending > 0 ? (
          <>
            <span aria-hidden="true" className="outbox-dot" />
            {pendingText(pending)}
          </>
        ) : null}
      </p>
      {failed.length > 0 ? (
        <button type="button" className="outbox-failed" onClick={() => setOpen(true)} aria-haspopup="dialog">
          {failedText(failed.length)}
        </button>
      ) : null}
      <FailedChangesDialog entries={failed} open={open && failed.length > 0} onClose={() => setOpen(false)} />
    </div>
  );
}
