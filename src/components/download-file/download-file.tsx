import { useState } from 'react';
import type { ApiResult } from '../../api/failure';
import { failureText } from '../../domain/failure-text';
import { onlineStatus } from '../../pwa/online-status';

export const OFFLINE_DOWNLOAD_TEXT = 'Vous êtes hors ligne\u00a0: le fichier ne peut être préparé qu’avec une connexion.';
export const PREPARING_TEXT = 'Préparation du fichier…';
export const DOWNLOADED_TEXT = 'Le fichier est prêt\u00a0: il a été enregistré dans vos téléchargements.';

/** Hands a file to the browser to save, through a link to an object URL it forgets right after. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: it is forgotten a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * A button that asks the server for a file (an export) and saves it. It says when it cannot (offline, refused),
 * and while the server prepares the file, which can take some seconds for a big village.
 */
export function DownloadFile({ label, fileName, download }: { label: string; fileName: string; download: () => Promise<ApiResult<Blob>> }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const start = async () => {
    if (busy) return;
    if (!onlineStatus.get()) return setMessage(OFFLINE_DOWNLOAD_TEXT);
    setBusy(true);
    setMessage(PREPARING_TEXT);
    const result = await download();
    setBusy(false);
    if (!result.ok) return setMessage(result.failure.kind === 'offline' ? OFFLINE_DOWNLOAD_TEXT : failureText(result.failure));
    saveFile(result.data, fileName);
    setMessage(DOWNLOADED_TEXT);
  };

  return (
    <div className="download-file">
      <button type="button" className="secondary" onClick={start} disabled={busy} aria-busy={busy}>
        {label}
      </button>
      <p role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
