import { useEffect, useState } from 'react';
import type { User } from '../../contract';
import { AddPasswordInput } from '../../contract/add-password';
import { useForm } from '../../components/form/use-form';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { toast } from '../../state/toasts';
import { addPassword } from '../../domain/auth/add-password';

export const PASSWORD_ADDED_TEXT = 'Votre mot de passe a bien été enregistré.';

/**
 * Shown only to an account joined with a name and an e-mail (no password yet): its session is the proof, so
 * no current password is asked. An account with one changes it through « Mot de passe oublié ? ».
 */
export function AddPassword({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  if (user.has_password) return null;
  return (
    <section className="add-password" aria-labelledby="add-password-title">
      <h2 id="add-password-title">Connexion par mot de passe</h2>
      <p>Vous vous connectez sans mot de passe. Vous pouvez en ajouter un pour revenir plus facilement sur un autre appareil.</p>
      {open ? (
        <AddPasswordForm user={user} onCancel={() => setOpen(false)} />
      ) : (
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          Ajouter un mot de passe
        </button>
      )}
    </section>
  );
}

function AddPasswordForm({ user, onCancel }: { user: User; onCancel: () => void }) {
  const form = useForm({
    schema: AddPasswordInput,
    initial: { new_password: '', new_password_confirmation: '' },
    onSubmit: async (input) => {
      const result = await addPassword(user, input);
      if (!result.ok) return { failure: result.failure };
      toast.success(PASSWORD_ADDED_TEXT);
    },
  });
  const { formRef } = form;
  // Opened by its button, which is gone: the first field takes the focus instead.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [formRef]);
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-label="Ajouter un mot de passe">
      <FormAlert message={form.formError} />
      <NewPasswordFields field={form.field} label="Mot de passe" />
      <SubmitButton busy={form.submitting}>Enregistrer le mot de passe</SubmitButton>
      <p className="form-footer">
        <button type="button" className="link" onClick={onCancel}>
          Annuler
        </button>
      </p>
    </form>
  );
}
