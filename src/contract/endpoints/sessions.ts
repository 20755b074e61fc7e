import { endpoint } from '../endpoint';
import { LoginInput, Session } from '../session';

// Apart from auth.ts: the login screen's bundle carries these two calls, not every account call's schemas.

export const logIn = endpoint({
  name: 'logIn',
  method: 'POST',
  path: '/v1/auth/login',
  summary: 'Sign in',
  auth: false,
  status: 200,
  body: LoginInput,
  answer: { data: Session },
});

export const logOut = endpoint({ name: 'logOut', method: 'POST', path: '/v1/auth/logout', summary: 'End this session' });
