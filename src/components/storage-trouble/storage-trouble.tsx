import type { ReactNode } from 'react';
import { storageHealth, storageTroubleOf, type StorageTrouble } from '../../db/storage-health';
import { STORAGE_TROUBLE_TEXT } from './storage-trouble-text';
import './storage-trouble.css';

/**
 * The local store's trouble said at the root of every page: a store that cannot be opened (or is blocked,
 * or full at the first load) takes the page's place, since no screen can show anything without it; one the
 * browser closed while in use leaves the page and says so above it. The page stays mounted under a
 * blocked store, so that its loading goes on once the other tab lets go.
 */
export function StorageTroubleGate({ children }: { children: ReactNode }) {
  const trouble = storageHealth.use();
  if (!trouble) return children;
  if (trouble === 'closed')
    return (
      <>
        <StorageTroubleBanner trouble={trouble} />
        {children}
      </>
    );
  return (
    <>
      <StorageTroubleScreen trouble={trouble} />
      <div hidden>{children}</div>
    </>
  );
}

/** The root's error screen for a storage error (a start that could not read the store), else nothing. */
export function storageTroubleScreenFor(error: unknown) {
  const trouble = storageTroubleOf(error);
  return trouble ? <StorageTroubleScreen trouble={trouble} /> : null;
}

export function StorageTroubleScreen({ trouble }: { trouble: StorageTrouble }) {
  const text = STORAGE_TROUBLE_TEXT[trouble];
  return (
    <main className="page storage-trouble" id="contenu">
      <h1>{text.title}</h1>
      <p>{text.what}</p>
      <p>
        <strong>{text.todo}</strong>
      </p>
      <p>{text.still}</p>
      {trouble === 'blocked' ? null : (
        <button type="button" onClick={() => location.reload()}>
          Recharger la page
        </button>
      )}
    </main>
  );
}

function StorageTroubleBanner({ trouble }: { trouble: StorageTrouble }) {
  const text = STORAGE_TROUBLE_TEXT[trouble];
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
}
