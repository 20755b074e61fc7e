import { useState } from 'react';

/**
 * What a dialog's action button needs: whether it is running (a second tap does nothing meanwhile) and why it
 * could not be done, shown in the dialog, which stays open. A new opening starts without the previous error:
 * reset while rendering (React's pattern for state that follows a prop), so the old error never shows for a
 * frame as an effect would let it.
 */
export function useDialogAction(open: boolean) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }

  /** Does the thing; its answer is why it could not, or null. */
  const run = async (action: () => Promise<string | null>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const failure = await action();
      if (failure) setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
