import { formatDayOfMonth } from '../../contract/french-time';
import { parisDay } from '../../contract/help-time';
import { useOldPending, type OldPending } from '../../outbox/use-old-pending';
import './old-pending-banner.css';

/**
 * Writes of this village waiting for more than a day, said on its screens: the header's counter alone is
 * easy to miss, and a change made days ago and still not sent is one the person may believe done.
 */
export function OldPendingBanner({ villageId }: { villageId: string }) {
  const old = useOldPending(villageId);
  if (!old) return null;
  return (
    <p className="notice old-pending" role="status">
      {oldPendingSentence(old)}
    </p>
  );
}

/** « 2 modifications faites le 26 novembre attendent encore d'être envoyées : elles partiront dès que le serveur répondra. » */
export function oldPendingSentence({ count, first, last }: OldPending): string {
  const when = parisDay(first) === parisDay(last) ? `le ${formatDayOfMonth(first)}` : `depuis le ${formatDayOfMonth(first)}`;
  return count === 1
    ? `1 modification faite ${when} attend encore d'être envoyée\u00a0: elle partira dès que le serveur répondra.`
    : `${count} modifications faites ${when} attendent encore d'être envoyées\u00a0: elles partiront dès que le serveur répondra.`;
}
