import * as v from 'valibot';
import { messages } from './form-messages';
import { email, password, text } from './fields';

/** Without a password, the account is joined with a name and an e-mail; it can add one later from Mon compte. */
export const RegisterInput = v.object({
  email,
  password: v.optional(password),
  first_name: text(100),
  last_name: text(100),
});
export type RegisterInput = v.InferOutput<typeof RegisterInput>;

export const ResetPasswordInput = v.object({ email });

export const CheckResetTokenInput = v.object({ token: text(200) });

export const ChangePasswordInput = v.pipe(
  v.object({
    token: text(200),
    new_password: password,
    new_password_confirmation: v.pipe(v.string(messages.required), v.nonEmpty(messages.required)),
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['new_password_confirmation']],
      (input) => input.new_password === input.new_password_confirmation,
      messages.passwordsDiffer,
    ),
    ['new_password_confirmation'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordInput>;

/** The token of the link mailed to check an address (`/auth/verify-email/{token}`), posted by the app's page. */
export const VerifyEmailInput = v.object({ token: text(200) });
export type VerifyEmailInput = v.InferOutput<typeof VerifyEmailInput>;
