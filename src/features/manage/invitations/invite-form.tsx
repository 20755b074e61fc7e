import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/form/text-area-field';
import { FormAlert } from '../../../components/form/form-alert';
import { INVITATION_MESSAGE_MAX } from '../../../contract/invitations';
import { createInvitationsAction } from '../../../domain/invitations/actions';
import { parseEmails } from './parse-emails';

const sentText = (n: number) =>
  n === 1
    ? 'Invitation enregistrée\u00a0: elle part dès que possible.'
    : `${n} invitations enregistrées\u00a0: elles partent dès que possible.`;

/**
 * "Inviter par e-mail": one or more addresses and an optional word. The write is queued (the outbox sends
 * it, offline too), so the form empties at once and the pending list shows the addresses as waiting.
 */
export function InviteForm({ villageId, inviterId }: { villageId: string; inviterId: string }) {
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setFailure(null);
    const parsed = parseEmails(emails);
    if (!parsed.ok) {
      setFieldError(parsed.message);
      document.getElementById('invite-emails')?.focus();
      return;
    }
    if (message.trim().length > INVITATION_MESSAGE_MAX)
      return setFailure(`Votre mot doit contenir ${INVITATION_MESSAGE_MAX} caractères maximum.`);
    setFieldError(undefined);
    setBusy(true);
    try {
      const written = await createInvitationsAction(villageId, inviterId, parsed.emails, message.trim() || null);
      if (!written.ok) return setFailure(written.message);
      setEmails('');
      setMessage('');
      setStatus(sentText(parsed.emails.length));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="invite-form" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Inviter par e-mail</h2>
      <p>Chaque personne reçoit un e-mail avec un lien qui la fait entrer dans le village, sans avoir à taper le code.</p>
      <TextAreaField
        id="invite-emails"
        label="Adresses e-mail"
        name="emails"
        value={emails}
        onChange={setEmails}
        error={fieldError}
        hint="Une ou plusieurs, séparées par des virgules, des espaces ou des retours à la ligne."
        rows={3}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="email"
      />
      <TextAreaField
        label="Un mot pour accompagner l’invitation (facultatif)"
        name="message"
        value={message}
        onChange={setMessage}
        hint="Il apparaît entre guillemets dans l’e-mail."
        rows={3}
        maxLength={INVITATION_MESSAGE_MAX}
      />
      <FormAlert message={failure} />
      <button type="submit" className="submit" disabled={busy}>
        Envoyer les invitations
      </button>
      <p className="invite-status" role="status">
        {status}
      </p>
    </form>
  );
}
