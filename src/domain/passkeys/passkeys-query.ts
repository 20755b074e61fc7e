import { queryOptions, useQuery } from '@tanstack/react-query';
import { quietTransport } from '../../api/client';
import { failureStatus, FetchFailed, send } from '../../api/transport';
import { listPasskeys } from '../../contract/endpoints/passkeys';

export const passkeysKey = ['passkeys'] as const;

/** The account's passkeys (Mon compte). Read from the server only: a list of keys is no use offline. */
export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeysKey,
    queryFn: async ({ signal }) => {
      const result = await send(quietTransport, listPasskeys, {}, { signal, retries: 0 });
      if (!result.ok) throw new FetchFailed(failureStatus(result.failure));
      return result.data;
    },
  });

/** `enabled: false` while nothing would show them (the offer on a device that cannot make one). */
export const usePasskeys = (enabled = true) => useQuery({ ...passkeysQuery(), enabled });
