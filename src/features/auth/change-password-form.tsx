import { ChangePasswordInput } from '../../contract/auth';
import { useForm } from '../../components/form/use-form';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { changePassword } from '../../domain/auth/change-password';

interface ChangePasswordFormProps {
  token: string;
  onChanged: () => void;
  /** The token was refused while sending (used or expired meanwhile). */
  onBadToken: (message: string) => void;
}

export function ChangePasswordForm({ token, onChanged, onBadToken }: ChangePasswordFormProps) {
  const form = useForm({
    schema: ChangePasswordInput,
    initial: { token, new_password: '', new_password_confirmation: '' },
    onSubmit: async (input) => {
      const result = await changePassword(input);
      if (result.ok) return onChanged();
      if (result.failure.kind === 'refused' && result.failure.status === 400) return onBadToken(result.failure.message);
      return { failure: result.failure };
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="new-password-title">
      <h1 id="new-password-title">Choisissez un nouveau mot de passe</h1>
      <FormAlert message={form.formError} />
      <NewPasswordFields field={form.field} />
      <SubmitButton busy={form.submitting}>Enregistrer le mot de passe</SubmitButton>
    </form>
  );
}
