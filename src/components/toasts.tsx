import { useEffect } from 'react';
import { type Toast, toastStore, useToasts } from '../state/toasts';
import './root-ui.css';

/** Long enough to read two lines, short enough not to cover the screen's actions for long. */
export const TOAST_DISPLAY_MS = 5_000;

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => toastStore.dismiss(toast.id), TOAST_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <li className={`toast ${toast.kind}`}>
      <p>{toast.text}</p>
      <button type="button" onClick={() => toastStore.dismiss(toast.id)} aria-label={`Fermer le message\u00a0: ${toast.text}`}>
        Fermer
      </button>
    </li>
  );
}

/**
 * The toasts of the whole app. The live region is always in the page (even empty) so that screen
 * readers announce what gets added to it; polite, because a toast confirms, it never interrupts.
 */
export function Toasts() {
  const toasts = useToasts();
  return (
    <div role="status" aria-live="polite" aria-label="Messages">
      {toasts.length ? (
        <ul className="toasts">
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
