import { useState } from 'react';
import type { Session } from '../../contract/session';
import { passkeysSupported } from '../../domain/passkeys/passkey-support';

/**
 * « Se connecter avec une clé d'accès » under a sign-in form, where the browser knows passkeys: the browser
 * lists the passkeys it holds for the app and the person picks one. Only the button is on the first screen;
 * the ceremony, its calls and SimpleWebAuthn load on the tap (`npm run bench:size`).
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: Session) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!passkeysSupported()) return null;
  const start = async () => {
    setBusy(true);
    setMessage(null);
    const result = await import('../../domain/passkeys/sign-in-with-passkey').then(
      (ceremony) => ceremony.signInWithPasskey(),
      () => ({ ok: false as const, message: "Cette fonction n'a pas pu être chargée. Réessayez quand le réseau sera revenu." }),
    );
    if (result.ok) await onSignedIn(result.data);
    else setMessage(result.message);
    setBusy(false);
  };
  return (
    <div className="form-footer">
      <button type="button" className="secondary" aria-busy={busy} disabled={busy} onClick={() => void start()}>
        {busy ? 'Connexion…' : "Se connecter avec une clé d'accès"}
      </button>
      {message ? (
        <p role="alert" className="form-alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
