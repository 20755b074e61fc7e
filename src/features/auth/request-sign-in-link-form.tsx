import { AuthFrame } from '../../components/layouts/auth-layout';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SignInLinkInput, signInLinkSent } from '../../contract/sign-in-link';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { requestSignInLink } from '../../domain/auth/sign-in-link';

/**
 * `/auth/link`: an address, and a link to sign in mailed to it. The answer is always the same, whether an
 * account exists or not: nobody learns who has one.
 */
export function RequestSignInLinkForm({ redirect }: { redirect?: string }) {
  const [sent, setSent] = useState(false);
  const form = useForm({
    schema: SignInLinkInput,
    initial: { email: '' },
    onSubmit: async (input) => {
      const result = await requestSignInLink({ email: input.email, redirect });
      if (!result.ok) return { failure: result.failure };
      setSent(true);
    },
  });
  const back = (
    <p className="form-footer">
      <Link to="/auth/login" search={redirect ? { redirect } : {}}>
        Retour à la connexion
      </Link>
    </p>
  );
  if (sent) {
    return (
      <section aria-labelledby="link-sent-title">
        <h1 id="link-sent-title" tabIndex={-1} ref={(h) => h?.focus()}>
          Vérifiez vos e-mails
        </h1>
        <p role="status">{signInLinkSent}</p>
        {back}
      </section>
    );
  }
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="link-title">
      <h1 id="link-title">Connexion par e-mail</h1>
      <p>Indiquez l'adresse e-mail de votre compte&nbsp;: nous vous enverrons un lien pour vous connecter sans mot de passe.</p>
      <FormAlert message={form.formError} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <SubmitButton busy={form.submitting}>Envoyer le lien</SubmitButton>
      {back}
    </form>
  );
}

/** The form in the guest pages' frame (AuthLayout's): its route is not under `_auth`. */
export function RequestSignInLinkPage({ redirect }: { redirect?: string }) {
  return (
    <AuthFrame>
      <RequestSignInLinkForm redirect={redirect} />
    </AuthFrame>
  );
}
