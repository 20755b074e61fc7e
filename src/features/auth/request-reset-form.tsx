import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ResetPasswordInput } from '../../contract/auth';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { requestPasswordReset } from '../../domain/auth/request-password-reset';

/** Always the same, whether an account exists or not: nobody learns who has one. */
export const RESET_REQUESTED_TEXT =
  'Si un compte existe avec cette adresse, vous allez recevoir un email contenant un lien pour choisir un nouveau mot de passe. Pensez à regarder dans vos courriers indésirables.';

export function RequestResetForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    schema: ResetPasswordInput,
    initial: { email: '' },
    onSubmit: async (input) => {
      const result = await requestPasswordReset(input);
      if (!result.ok) return { failure: result.failure };
      setSentTo(input.email);
    },
  });
  if (sentTo) {
    return (
      <section aria-labelledby="reset-sent-title">
        <h1 id="reset-sent-title" tabIndex={-1} ref={(h) => h?.focus()}>
          Vérifiez vos emails
        </h1>
        <p role="status">{RESET_REQUESTED_TEXT}</p>
        <p className="form-footer">
          <Link to="/auth/login">Retour à la connexion</Link>
        </p>
      </section>
    );
  }
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title">Mot de passe oublié</h1>
      <p>Indiquez l'adresse email de votre compte&nbsp;: nous vous enverrons un lien pour choisir un nouveau mot de passe.</p>
      <FormAlert message={form.formError} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <SubmitButton busy={form.submitting}>Recevoir le lien</SubmitButton>
      <p className="form-footer">
        <Link to="/auth/login">Retour à la connexion</Link>
      </p>
    </form>
  );
}
