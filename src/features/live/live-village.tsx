import { useEffect } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { startLiveConnection } from './live-connection';
import { fetchTicket } from './fetch-ticket';
import { coalescedInvalidation } from './coalesced-invalidation';

/** While a village's screen is shown, what other members change there shows without a reload. */
export function LiveVillage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  if (!id) return null;
  return <LiveVillageFor villageId={id} />;
}

function LiveVillageFor({ villageId }: { villageId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = coalescedInvalidation(queryClient, villageId);
    const stop = startLiveConnection({ villageId, getTicket: fetchTicket, onChange: () => refresh.request() });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [queryClient, villageId]);
  return null;
}
