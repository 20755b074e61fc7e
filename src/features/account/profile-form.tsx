import { useState } from 'react';
import type { User } from '../../contract';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { PHONE_EXAMPLES } from '../../components/form/phone-hint';
import { toast, TOAST_TEXT } from '../../state/toasts';
import { updateProfile } from '../../domain/users/update-profile';
import { addressChangedText } from '../../domain/users/verification-texts';
import { formatPhone } from '../../domain/villages/phone-number';
import { profileSchema } from './profile-schema';

export function ProfileForm({ user }: { user: User }) {
  // Where the last save sent a verification link (a new address), said under the form.
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useForm({
    schema: profileSchema,
    initial: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: user.phone ? formatPhone(user.phone) : '',
    },
    onSubmit: async (input) => {
      const result = await updateProfile(user.id, input);
      if (!result.ok) return { failure: result.failure };
      toast.success(TOAST_TEXT.updated);
      if (result.data.email !== user.email && !result.data.email_verified_at) setLinkSentTo(result.data.email);
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">Mes informations</h2>
      <FormAlert message={form.formError} />
      <TextField label="Prénom" autoComplete="given-name" required {...form.field('first_name')} />
      <TextField label="Nom" autoComplete="family-name" required {...form.field('last_name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <TextField
        label="Téléphone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={`Facultatif. Un numéro où vous joindre, ${PHONE_EXAMPLES}.`}
        {...form.field('phone')}
      />
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <p role="status" className={linkSentTo ? 'notice' : undefined}>
        {linkSentTo ? addressChangedText(linkSentTo) : ''}
      </p>
    </form>
  );
}
