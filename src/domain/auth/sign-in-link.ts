import { call } from '../../api/client';
import type { ApiResult } from '../../api/failure';
import type { Session } from '../../contract';
import { redeemSignInLink as redeemEndpoint, requestSignInLink as requestEndpoint } from '../../contract/endpoints/sign-in-links';
import type { SignInLinkInput } from '../../contract/sign-in-link';

/** The server answers the same whether the account exists or not. */
export const requestSignInLink = (input: SignInLinkInput) => call(requestEndpoint, { body: input });

/**
 * A direct call, not an outbox write: a link signs in only while the server can say so. Each token is posted
 * once per page load (React's development double effect, a re-render): a second post would answer 410 for a
 * link that just worked. Only a lost connection or a server failure frees it for another try.
 */
const posted = new Map<string, Promise<ApiResult<Session>>>();

export function redeemSignInLink(token: string): Promise<ApiResult<Session>> {
  let answer = posted.get(token);
  if (!answer) {
    answer = call(redeemEndpoint, { body: { token } });
    posted.set(token, answer);
    void answer.then((result) => {
      if (!result.ok && (result.failure.kind === 'offline' || result.failure.kind === 'server')) posted.delete(token);
    });
  }
  return answer;
}
