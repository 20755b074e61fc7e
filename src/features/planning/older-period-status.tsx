import type { OlderHelpsStatus } from '../../domain/helps/older-helps';

const SAID: Partial<Record<OlderHelpsStatus, string>> = {
  loading: 'Chargement des aides de cette période…',
  offline: 'Les aides de cette période s’afficheront avec une connexion.',
  failed: 'Les aides de cette période n’ont pas pu être chargées. Réessayez dans un instant.',
};

/**
 * The device holds the helps of the last 90 days and ahead: a period before that is read from the server
 * when shown (useHelpsOfPeriod). What it waits for, or why it shows nothing yet, is said in a live region.
 */
export function OlderPeriodStatus({ status }: { status: OlderHelpsStatus | null }) {
  return (
    <p role="status" className="planning-older-status">
      {status ? (SAID[status] ?? '') : ''}
    </p>
  );
}
