import { useEffect, useState } from 'react';
import { addPasskey } from '../../domain/passkeys/add-passkey';
import { usePasskeys } from '../../domain/passkeys/passkeys-query';
import { passkeysSupported } from '../../domain/passkeys/passkey-support';
import { useCurrentUser } from '../../session/current-user';
import { toast } from '../../state/toasts';
import { PASSKEY_ADDED_TEXT } from './passkey-settings';
import './passkeys.css';

const dismissedKey = (userId: string) => `village:passkey-offer-dismissed:${userId}`;

/** Whether this device can make a passkey with its own lock (fingerprint, face, code), not only a security key. */
function usePlatformPasskeys() {
  const [able, setAble] = useState(false);
  useEffect(() => {
    if (!passkeysSupported()) return;
    let mounted = true;
    PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().then(
      (available) => mounted && setAble(available),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return able;
}

/**
 * Offered inside the village once someone has joined, until they make a passkey or say « Plus tard » on this
 * device: the easiest way back for a helper who joined with a name and an e-mail and has no password.
 */
export function PasskeyOffer() {
  const user = useCurrentUser();
  const able = usePlatformPasskeys();
  // « Plus tard » is kept per account on this device; the state only redraws at once when it is said.
  const [laterSaid, setLaterSaid] = useState(false);
  const dismissed = laterSaid || !user || localStorage.getItem(dismissedKey(user.id)) !== null;
  const { data: keys } = usePasskeys(able && !dismissed);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  if (!user || !able || dismissed || !keys || keys.length > 0) return null;

  const later = () => {
    localStorage.setItem(dismissedKey(user.id), new Date().toISOString());
    setLaterSaid(true);
  };
  const create = async () => {
    setBusy(true);
    setMessage(null);
    const result = await addPasskey();
    setBusy(false);
    if (result.ok) toast.success(PASSKEY_ADDED_TEXT);
    else setMessage(result.message);
  };

  return (
    <section className="passkey-offer" aria-labelledby="passkey-offer-title">
      <h2 id="passkey-offer-title">Revenir en un geste</h2>
      <p>Une clé d'accès vous reconnectera avec l'empreinte, le visage ou le code de cet appareil.</p>
      <div className="passkey-offer-actions">
        <button type="button" aria-busy={busy} disabled={busy} onClick={() => void create()}>
          {busy ? 'Création…' : "Créer une clé d'accès"}
        </button>
        <button type="button" className="link" onClick={later}>
          Plus tard
        </button>
      </div>
      {message ? (
        <p role="alert" className="form-alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
