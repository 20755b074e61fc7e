import { useEffect, useState } from 'react';
import { quietTransport } from '../../api/client';
import { send } from '../../api/transport';
import { getOperator } from '../../contract/endpoints/operator';
import type { Operator } from '../../contract/operator';

/**
 * Who runs this server (the privacy page's contact), read signed in or not, without the query client: the
 * page is public and its signed-out readers have no layout that provides one. Undefined until the server
 * answered (offline, or on a failure, the page says everything else and where to look again).
 */
export function useOperator(): Operator | undefined {
  const [operator, setOperator] = useState<Operator>();
  useEffect(() => {
    const abort = new AbortController();
    void send(quietTransport, getOperator, {}, { signal: abort.signal, retries: 0 }).then((result) => {
      if (result.ok) setOperator(result.data);
    });
    return () => abort.abort();
  }, []);
  return operator;
}
