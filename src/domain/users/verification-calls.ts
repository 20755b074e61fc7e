import { call, quietTransport } from '../../api/client';
import type { ApiResult } from '../../api/failure';
import { send } from '../../api/transport';
import type { User } from '../../contract';
import { verifyEmail } from '../../contract/endpoints/auth';
import { getMe, sendEmailVerification } from '../../contract/endpoints/users';
import { storeCurrentUser } from '../../session/current-user';
import { getToken } from '../../session/token';

/**
 * Verification is a direct call, not an outbox write: a link proves an inbox only while the server can say
 * so, and the page waits for its answer. Each token is posted once per page load (React's development
 * double effect, a re-render): a second post would answer 410 for a link that just worked. Only a lost
 * connection or a server failure frees it for another try.
 */
const posted = new Map<string, Promise<ApiResult<unknown>>>();

export function postVerificationToken(token: string): Promise<ApiResult<unknown>> {
  let answer = posted.get(token);
  if (!answer) {
    answer = call(verifyEmail, { body: { token } });
    posted.set(token, answer);
    void answer.then((result) => {
      if (!result.ok && (result.failure.kind === 'offline' || result.failure.kind === 'server')) posted.delete(token);
    });
  }
  return answer;
}

/** A new link mailed to the signed-in user's address (rate-limited by the server, 409 once verified). */
export const requestVerificationLink = () => call(sendEmailVerification, {});

/**
 * The signed-in user read again and kept locally, so `email_verified_at` shows on every screen (a link
 * opened here or on another device). Quiet: no loading bar for a refresh nobody asked for. Null when signed
 * out or unreachable; what is stored then stays.
 */
export async function refreshCurrentUser(): Promise<User | null> {
  if (!getToken()) return null;
  const result = await send(quietTransport, getMe, {});
  if (!result.ok) return null;
  await storeCurrentUser(result.data);
  return result.data;
}
