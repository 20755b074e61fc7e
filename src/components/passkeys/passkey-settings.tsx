import { useState } from 'react';
import { formatDayOfMonth } from '../../contract/french-time';
import type { Passkey } from '../../contract/passkeys';
import { addPasskey } from '../../domain/passkeys/add-passkey';
import { usePasskeys } from '../../domain/passkeys/passkeys-query';
import { passkeysSupported } from '../../domain/passkeys/passkey-support';
import { removePasskey } from '../../domain/passkeys/remove-passkey';
import { failureText } from '../../domain/failure-text';
import { toast } from '../../state/toasts';
import { ConfirmDialog } from '../confirm-dialog';
import './passkeys.css';

export const PASSKEY_ADDED_TEXT = "Clé d'accès créée\u00a0: vous pourrez vous reconnecter en un geste.";
export const PASSKEY_WHAT_TEXT =
  "Une clé d'accès vous reconnecte en un geste, avec l'empreinte, le visage ou le code de votre appareil\u00a0: ni mot de passe, ni e-mail à attendre.";

/** Mon compte's passkeys: the ones the account has (several: a phone, a computer), one more, one fewer. */
export function PasskeySettings() {
  const { data: keys, isError } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const add = async () => {
    setAdding(true);
    setMessage(null);
    const result = await addPasskey();
    setAdding(false);
    if (result.ok) toast.success(PASSKEY_ADDED_TEXT);
    else setMessage(result.message);
  };

  return (
    <section className="passkeys" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Clés d'accès</h2>
      <p>{PASSKEY_WHAT_TEXT}</p>
      {keys && keys.length > 0 ? (
        <ul className="passkey-list">
          {keys.map((key) => (
            <li key={key.id}>
              <div>
                <p className="passkey-name">{key.name}</p>
                <p className="passkey-dates">
                  Créée le {formatDayOfMonth(key.created_at)}
                  {key.last_used_at ? `, utilisée le ${formatDayOfMonth(key.last_used_at)}` : ''}
                </p>
              </div>
              <button type="button" className="link" onClick={() => setRemoving(key)}>
                Supprimer<span className="visually-hidden"> la clé {key.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {isError && !keys ? <p className="notice">Vos clés d'accès s'afficheront quand le réseau sera revenu.</p> : null}
      {passkeysSupported() ? (
        <button type="button" className="secondary" aria-busy={adding} disabled={adding} onClick={() => void add()}>
          {adding ? 'Création…' : "Ajouter une clé d'accès"}
        </button>
      ) : (
        <p className="notice">Ce navigateur ne permet pas encore les clés d'accès.</p>
      )}
      {message ? (
        <p role="alert" className="form-alert">
          {message}
        </p>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Supprimer cette clé d'accès&nbsp;?"
        confirmLabel="Supprimer la clé"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return null;
          const result = await removePasskey(removing.id);
          if (!result.ok) return failureText(result.failure);
          setRemoving(null);
          return null;
        }}
      >
        <p>
          La clé «&nbsp;{removing?.name}&nbsp;» ne permettra plus de vous connecter. Vous pourrez toujours revenir avec un lien reçu par
          e-mail.
        </p>
      </ConfirmDialog>
    </section>
  );
}
