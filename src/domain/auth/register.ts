import { call } from '../../api/client';
import type { RegisterInput } from '../../contract';
import { register as registerEndpoint } from '../../contract/endpoints/auth';

/** The new account's session; a taken e-mail comes back as a 422 on `email`. */
export const register = (input: RegisterInput) => call(registerEndpoint, { body: input });
