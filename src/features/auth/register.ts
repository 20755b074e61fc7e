import { call } from '../../api/client';
import { type RegisterInput, Session } from '../../contract';

/** POST /v1/auth/register: the new account's session; a taken e-mail comes back as a 422 on `email`. */
export const register = (input: RegisterInput) =>
  call('POST', '/v1/auth/register', { body: input, schema: Session, showErrorPage: false });
