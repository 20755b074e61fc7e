import { Link } from '@tanstack/react-router';
import { LoginInput, type Session } from '../../contract/session';
import { unauthenticated } from '../../contract/first-screen-messages';
import { useForm } from '../../components/form/use-form';
import { PasswordField, TextField } from '../../components/form/text-field';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { logIn } from '../../domain/auth/log-in';

export const SESSION_EXPIRED_TEXT = unauthenticated;

interface LoginFormProps {
  /** Set when a 401 brought the user here: they are told why they must sign in again. */
  expired?: boolean;
  redirect?: string;
  onSignedIn: (session: Session) => Promise<void>;
}

export function LoginForm({ expired, redirect, onSignedIn }: LoginFormProps) {
  const form = useForm({
    schema: LoginInput,
    initial: { email: '', password: '' },
    onSubmit: async (input) => {
      const result = await logIn(input);
      if (!result.ok) return { failure: result.failure };
      await onSignedIn(result.data);
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="login-title">
      <h1 id="login-title">Connexion</h1>
      {expired ? (
        <p className="notice" role="status">
          {SESSION_EXPIRED_TEXT}
        </p>
      ) : null}
      <FormAlert message={form.formError} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <PasswordField label="Mot de passe" autoComplete="current-password" required {...form.field('password')} />
      <p className="form-aside">
        <Link to="/auth/reset-password">Mot de passe oublié&nbsp;?</Link>
      </p>
      <SubmitButton busy={form.submitting}>Se connecter</SubmitButton>
      <p className="form-footer">
        <Link to="/auth/link/{-$token}" params={{}} search={redirect ? { redirect } : {}}>
          Recevoir un lien de connexion par e-mail
        </Link>
      </p>
      <p className="form-footer">
        Pas encore de compte&nbsp;?{' '}
        <Link to="/auth/register" search={redirect ? { redirect } : {}}>
          Créer un compte
        </Link>
      </p>
    </form>
  );
}
