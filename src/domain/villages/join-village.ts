import { call } from '../../api/client';
import { UNEXPECTED_MESSAGE } from '../../api/failure';
import { joinVillage as joinVillageEndpoint } from '../../contract/endpoints/villages';

/**
 * How a join ended. `refused` is the server's definitive no (unknown code, banned, village not open yet)
 * with its French message; `retry-later` is a server fault worth trying again; `offline` did not reach it.
 */
export type JoinOutcome =
  | { kind: 'joined'; villageId: string }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'retry-later'; message: string }
  | { kind: 'offline' }
  | { kind: 'signed-out' };

const TRY_AGAIN = new Set([408, 425, 429]);

/**
 * Joins by share code: joining again answers the same villager, so a repeat is harmless. The token of the
 * invitation whose link was followed, if any, goes along: joining accepts that invitation.
 */
export async function joinVillage(shareCode: string, invitationToken?: string | null): Promise<JoinOutcome> {
  // A fault is said on the page (or in a toast), never with the full error page.
  const body = invitationToken ? { share_code: shareCode, invitation_token: invitationToken } : { share_code: shareCode };
  const result = await call(joinVillageEndpoint, { body });
  if (result.ok) return { kind: 'joined', villageId: result.data.village_id };
  const failure = result.failure;
  switch (failure.kind) {
    case 'offline':
      return { kind: 'offline' };
    case 'unauthorized':
      return { kind: 'signed-out' };
    case 'refused':
    case 'invalid':
      // A timeout or a rate limit is no answer yet. 409 "not open yet" is in the client's retry list, but
      // here it is the server's word: the village waits for its creator.
      if (TRY_AGAIN.has(failure.status)) return { kind: 'retry-later', message: failure.message };
      return { kind: 'refused', status: failure.status, message: failure.message };
    case 'server':
      return { kind: 'retry-later', message: failure.message || UNEXPECTED_MESSAGE };
    case 'unexpected-answer':
      return { kind: 'retry-later', message: UNEXPECTED_MESSAGE };
  }
}
