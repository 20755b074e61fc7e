import { call } from '../../api/client';
import { checkResetToken as checkResetTokenEndpoint } from '../../contract/endpoints/auth';

/** Whether the mailed link can still be used. */
export const checkResetToken = (token: string) => call(checkResetTokenEndpoint, { body: { token } });
