import { useCallback, useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { removedFromVillage } from '../../contract/error-messages';
import { useVillageSync } from '../../domain/villages/village-reads';
import { forgetVillage, forgetVillageQueries, villageIsLost } from '../../domain/villages/forget-village';
import { FetchFailed } from '../../domain/failure-text';
import { toast } from '../../state/toasts';

/** Villages being let go: the live stream and a refused pull may both say it, the person hears it once. */
const leaving = new Set<string>();

/**
 * What happens when this user is no longer in a village (removed, left from another device, account gone, or
 * the village gone): they are told in French on the screen they have open, the village leaves the device (its
 * waiting writes stay listed as refused) and they land on their villages.
 */
export function useLeaveLostVillage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (villageId: string) => {
      if (leaving.has(villageId)) return;
      leaving.add(villageId);
      try {
        await forgetVillage(villageId);
        toast.error(removedFromVillage);
        await navigate({ to: '/dashboard/villages', replace: true });
        forgetVillageQueries(queryClient, villageId);
      } finally {
        leaving.delete(villageId);
      }
    },
    [navigate, queryClient],
  );
}

/** Watches the village's pulls: when the server refuses it (removed, village gone), the village is let go. */
export function LostAccessWatch({ villageId }: { villageId: string }) {
  const { error } = useVillageSync(villageId);
  const leave = useLeaveLostVillage();
  const status = error instanceof FetchFailed && (error.status === 403 || error.status === 404) ? error.status : null;
  useEffect(() => {
    if (status === null) return;
    let current = true;
    // A 404 for a village created here and not sent yet is no loss (domain/villages/forget-village.ts).
    void villageIsLost(villageId, status).then((lost) => {
      if (lost && current) void leave(villageId);
    });
    return () => {
      current = false;
    };
  }, [status, villageId, leave]);
  return null;
}
