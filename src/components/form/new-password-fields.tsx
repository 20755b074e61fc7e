import { PasswordField } from './text-field';

type FieldBinding = { name: string; value: string; error: string | undefined; onChange: (value: string) => void };

/** A new password typed twice, as every form that sets one asks it (the reset link's, Mon compte's first password). */
export function NewPasswordFields({
  field,
  label = 'Nouveau mot de passe',
}: {
  field: (name: 'new_password' | 'new_password_confirmation') => FieldBinding;
  label?: string;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" hint="Au moins 8 caractères." required {...field('new_password')} />
      <PasswordField label="Confirmez le mot de passe" autoComplete="new-password" required {...field('new_password_confirmation')} />
    </>
  );
}
