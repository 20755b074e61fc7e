import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Villager } from '../contract';
import { lastManager } from '../contract/error-messages';
import { ConfirmDialog } from './confirm-dialog';
import { isLastManager } from '../domain/villagers/members';
import { leaveVillageAction } from '../domain/villages/actions';
import './leave-village.css';

interface LeaveVillageProps {
  villageId: string;
  me: Villager;
  villagers: Villager[];
  /**
   * Told when the departure starts and if it could not be kept: meanwhile the page shows it is busy rather
   * than the "not a member" its live data will say for a moment, before the navigation.
   */
  onLeavingChange?: (leaving: boolean) => void;
}

/**
 * "Quitter ce village", after a confirmation that says what it means. The last manager cannot leave: the
 * village would have nobody to manage it; they are told why, and how to share the load (naming a
 * co-organiser, on the members page where this shows), instead of being offered the button.
 */
export function LeaveVillage({ villageId, me, villagers, onLeavingChange }: LeaveVillageProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (isLastManager(me, villagers)) {
    return (
      <p className="notice leave-blocked" role="note">
        {lastManager}
      </p>
    );
  }

  const leave = async () => {
    onLeavingChange?.(true);
    const result = await leaveVillageAction(villageId, me.id);
    if (!result.ok) {
      onLeavingChange?.(false);
      return result.message;
    }
    await navigate({ to: '/dashboard/villages' });
    return null;
  };

  return (
    <>
      <button type="button" className="danger leave-button" onClick={() => setConfirming(true)}>
        Quitter ce village
      </button>
      <ConfirmDialog
        open={confirming}
        title="Quitter ce village ?"
        confirmLabel="Quitter le village"
        busyLabel="Départ…"
        onConfirm={leave}
        onClose={() => setConfirming(false)}
      >
        <p>Vous ne verrez plus ce village, ses besoins ni son planning, et vos aides prévues ne compteront plus.</p>
        <p>Pour revenir, il faudra de nouveau le code du village.</p>
      </ConfirmDialog>
    </>
  );
}
