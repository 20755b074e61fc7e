import * as v from 'valibot';
import { RegisterInput } from '../../contract/auth';
import type { Session } from '../../contract/session';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { register } from '../../domain/auth/register';
import { SignUpConsent } from '../../components/privacy/sign-up-consent';

/** The register call without its password: a name and an address are all a new helper gives. */
const JoinWithEmailInput = v.omit(RegisterInput, ['password']);

interface JoinWithEmailFormProps {
  onSignedIn: (session: Session) => Promise<void>;
}

/**
 * The first choice of a signed-out visitor who opened a join link: an account with no password (README, Auth),
 * signed in at once, then the join link goes on as after any sign-up. Offline, the call's failure is said at
 * the form (joining needs the network anyway).
 */
export function JoinWithEmailForm({ onSignedIn }: JoinWithEmailFormProps) {
  const form = useForm({
    schema: JoinWithEmailInput,
    initial: { first_name: '', last_name: '', email: '' },
    onSubmit: async (input) => {
      const result = await register(input);
      if (!result.ok) return { failure: result.failure };
      await onSignedIn(result.data);
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="join-email-title">
      <h1 id="join-email-title">Rejoindre avec mon e-mail</h1>
      <p>Votre prénom, votre nom et votre e-mail suffisent&nbsp;: pas de mot de passe à retenir.</p>
      <FormAlert message={form.formError} />
      <TextField label="Prénom" autoComplete="given-name" required {...form.field('first_name')} />
      <TextField label="Nom" autoComplete="family-name" required {...form.field('last_name')} />
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <SignUpConsent />
      <SubmitButton busy={form.submitting}>Rejoindre le village</SubmitButton>
    </form>
  );
}
