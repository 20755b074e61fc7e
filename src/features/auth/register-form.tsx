import { Link } from '@tanstack/react-router';
import { RegisterInput } from '../../contract/auth';
import type { Session } from '../../contract/session';
import { useForm } from '../../components/form/use-form';
import { PasswordField, TextField } from '../../components/form/text-field';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { register } from '../../domain/auth/register';
import { SignUpConsent } from '../../components/privacy/sign-up-consent';

interface RegisterFormProps {
  redirect?: string;
  onSignedIn: (session: Session) => Promise<void>;
}

export function RegisterForm({ redirect, onSignedIn }: RegisterFormProps) {
  const form = useForm({
    schema: RegisterInput,
    initial: { first_name: '', last_name: '', email: '', password: '' },
    onSubmit: async (input) => {
      const result = await register(input);
      if (!result.ok) return { failure: result.failure };
      await onSignedIn(result.data);
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="register-title">
      <h1 id="register-title">Créer un compte</h1>
      <FormAlert message={form.formError} />
      <TextField label="Prénom" autoComplete="given-name" required {...form.field('first_name')} />
      <TextField label="Nom" autoComplete="family-name" required {...form.field('last_name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <PasswordField label="Mot de passe" autoComplete="new-password" hint="Au moins 8 caractères." required {...form.field('password')} />
      <SignUpConsent />
      <SubmitButton busy={form.submitting}>Créer mon compte</SubmitButton>
      <p className="form-footer">
        Déjà un compte&nbsp;?{' '}
        <Link to="/auth/login" search={redirect ? { redirect } : {}}>
          Se connecter
        </Link>
      </p>
    </form>
  );
}
