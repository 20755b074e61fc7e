import { call } from '../../api/client';
import type { LoginInput } from '../../contract';
import { logIn as logInEndpoint } from '../../contract/endpoints/sessions';

/** The session, or why not (wrong credentials come back as a refusal in French). */
export const logIn = (input: LoginInput) => call(logInEndpoint, { body: input });
