import type { JoinPreview } from '../../contract/join-preview';
import { previewJoin } from '../../contract/endpoints/villages';
import { quietTransport } from '../../api/client';
import { send } from '../../api/transport';

/**
 * Which village a join link leads to, for whom, and who invites: null when the code is unknown or the network is
 * out (the quiet transport: a signed-out page has no session to lose and nothing to toast).
 */
export async function fetchJoinPreview(code: string, invitation: string | null): Promise<JoinPreview | null> {
  const result = await send(quietTransport, previewJoin, { query: invitation ? { c: code, i: invitation } : { c: code } });
  return result.ok ? result.data : null;
}
