import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useVillageSync } from '../../village-data/hooks';
import { FetchFailed } from '../../api/transport';
import { toast } from '../../state/toasts';

export const LOST_ACCESS_TEXT = "Vous n'avez plus accès à ce village.";

/** Watches the village's pulls: when the server refuses it (banned, village gone), back to the villages list. */
export function LostAccessWatch({ villageId }: { villageId: string }) {
  const { error } = useVillageSync(villageId);
  const navigate = useNavigate();
  const lost = error instanceof FetchFailed && (error.status === 403 || error.status === 404);
  useEffect(() => {
    if (!lost) return;
    toast.error(LOST_ACCESS_TEXT);
    void navigate({ to: '/dashboard/villages', replace: true });
  }, [lost, navigate]);
  return null;
}
