import * as v from 'valibot';
import { password } from './fields';
import { messages } from './form-messages';

// Apart from auth.ts, which the sign-in screens load: only Mon compte and the server need it.
/** A first password for an account joined with a name and an e-mail only (Mon compte). */
export const AddPasswordInput = v.pipe(
  v.object({
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
export type AddPasswordInput = v.InferOutput<typeof AddPasswordInput>;
