import { call } from '../../api/client';
import { removePasskey as removeEndpoint } from '../../contract/endpoints/passkeys';
import { queryClient } from '../../state/query-client';
import { passkeysKey } from './passkeys-query';

/**
 * A direct call, not an outbox write: removing a key is a security step the person wants done now, and told
 * when it could not be (offline: the key still works until the call goes through).
 */
export async function removePasskey(passkeyId: string) {
  const result = await call(removeEndpoint, { params: { passkeyId } });
  if (result.ok) await queryClient.invalidateQueries({ queryKey: passkeysKey });
  return result;
}
