import { call } from '../../api/client';
import { requestPasswordReset as requestPasswordResetEndpoint } from '../../contract/endpoints/auth';

/** The server answers the same whether the account exists or not. */
export const requestPasswordReset = (input: { email: string }) => call(requestPasswordResetEndpoint, { body: input });
