import { call } from '../../api/client';

/** POST /v1/auth/check-reset-password-token: whether the mailed link can still be used. */
export const checkResetToken = (token: string) =>
  call('POST', '/v1/auth/check-reset-password-token', { body: { token }, showErrorPage: false });
