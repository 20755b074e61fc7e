import { useEffect } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { startLiveConnection } from '../../domain/events/live-connection';
import { fetchTicket } from '../../domain/events/fetch-ticket';
import { coalescedInvalidation } from '../../domain/events/coalesced-invalidation';
import { useLeaveLostVillage } from './lost-access';

/** While a village's screen is shown, what other members change there shows without a reload. */
export function LiveVillage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  if (!id) return null;
  return <LiveVillageFor villageId={id} />;
}

function LiveVillageFor({ villageId }: { villageId: string }) {
  const queryClient = useQueryClient();
  const leaveLostVillage = useLeaveLostVillage();
  useEffect(() => {
    const refresh = coalescedInvalidation(queryClient, villageId);
    const stop = startLiveConnection({
      villageId,
      getTicket: fetchTicket,
      onChange: () => refresh.request(),
      // Removed while looking at it: told at once, not at the next pull.
      onRemoved: () => void leaveLostVillage(villageId),
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [queryClient, villageId, leaveLostVillage]);
  return null;
}
