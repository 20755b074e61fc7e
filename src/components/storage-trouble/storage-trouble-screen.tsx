import type { StorageTrouble } from '../../db/storage-health';
import { STORAGE_TROUBLE_TEXT } from './storage-trouble-text';
import './storage-trouble.css';

/**
 * What happened, what to do, what still works: in the page's place for a store that cannot be used, as a
 * banner above the page for one the browser closed while in use. Loaded only when there is trouble to say
 * (storage-trouble.tsx): the sign-in screens' code stays within its budget.
 */
export function StorageTroubleNotice({ trouble }: { trouble: StorageTrouble }) {
  const text = STORAGE_TROUBLE_TEXT[trouble];
  if (trouble === 'closed')
    return (
      <div className="storage-trouble-banner" role="alert">
        <p>
          <strong>{text.title}.</strong> {text.what} {text.still}
        </p>
        <button type="button" onClick={() => location.reload()}>
          Recharger la page
        </button>
      </div>
    );
  return (
    <main className="page storage-trouble" id="contenu">
      <h1>{text.title}</h1>
      <p>{text.what}</p>
      <p>
        <strong>{text.todo}</strong>
      </p>
      <p>{text.still}</p>
      {/* A blocked opening goes on by itself once the other tab lets go: a reload would only wait again. */}
      {trouble === 'blocked' ? null : (
        <button type="button" onClick={() => location.reload()}>
          Recharger la page
        </button>
      )}
    </main>
  );
}
