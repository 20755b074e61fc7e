/** The form's main button: it stays focusable while sending and says so, rather than disappearing. */
export function SubmitButton({ children, busy, busyLabel = 'Envoi en cours…' }: { children: string; busy: boolean; busyLabel?: string }) {
  return (
    <button type="submit" className="submit" aria-disabled={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
