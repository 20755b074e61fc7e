import { call } from '../../api/client';

/** POST /v1/auth/reset-password: the server answers the same whether the account exists or not. */
export const requestPasswordReset = (input: { email: string }) =>
  call('POST', '/v1/auth/reset-password', { body: input, showErrorPage: false });
