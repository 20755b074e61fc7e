import { call } from '../../api/client';
import type { ChangePasswordInput } from '../../contract';
import { changePassword as changePasswordEndpoint } from '../../contract/endpoints/auth';

/** The new password, with the mailed token as proof. A fault is said in the form, not with the error page. */
export const changePassword = (input: ChangePasswordInput) => call(changePasswordEndpoint, { body: input });
