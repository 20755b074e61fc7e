import { call } from '../../api/client';
import { type LoginInput, Session } from '../../contract';

/** POST /v1/auth/login: the session, or why not (wrong credentials come back as a refusal in French). */
export const logIn = (input: LoginInput) => call('POST', '/v1/auth/login', { body: input, schema: Session, showErrorPage: false });
