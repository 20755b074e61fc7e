import * as v from 'valibot';
import { messages } from './form-messages';
import { email } from './fields';
import { User } from './users';

/**
 * Signing in and the session it opens. Apart from auth.ts (accounts: sign-up, passwords, addresses): the login
 * screen, the first most people see, carries only these schemas (`npm run bench:size`).
 */

export const LoginInput = v.object({
  email,
  password: v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.maxLength(128, messages.maxLength(128))),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

export const Session = v.object({ token: v.string(), user: User });
export type Session = v.InferOutput<typeof Session>;
