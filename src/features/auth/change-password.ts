import { call } from '../../api/client';
import type { ChangePasswordInput } from '../../contract';

/** PUT /v1/auth/change-password: the new password, with the mailed token as proof. */
export const changePassword = (input: ChangePasswordInput) =>
  call('PUT', '/v1/auth/change-password', { body: input, showErrorPage: false });
