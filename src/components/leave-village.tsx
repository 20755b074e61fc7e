import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { DEFAULT_TIME_ZONE, type Villager } from '../contract';
import { formatHelpSlot, frenchSpaces } from '../contract/french-time';
import { ConfirmDialog } from './confirm-dialog';
import { isLastManager } from '../domain/villagers/members';
import { leaveVillageAction } from '../domain/villages/actions';
import { useVillageHelps } from '../domain/helps/help-reads';
import { useVillageNeeds } from '../domain/needs/need-reads';
import { useVillage } from '../domain/villages/village-reads';
import './leave-village.css';

/** How many of the member's slots the dialog names; the others are counted. */
const NAMED_SLOTS = 5;

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
 * "Quitter ce village", after a confirmation that says what it means, naming the slots the member had taken
 * and will give back. The last manager cannot leave: the village would have nobody to manage it; they are
 * told why, and how to share the load (naming a co-organiser among the members listed above, on the members
 * page where this shows), instead of being offered the button.
 */
export function LeaveVillage({ villageId, me, villagers, onLeavingChange }: LeaveVillageProps) {
  const navigate = useNavigate();
  // When the dialog opened: the slots still to come then are those leaving gives back.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const helps = useVillageHelps(villageId);
  const needs = useVillageNeeds(villageId);
  const zone = useVillage(villageId)?.time_zone ?? DEFAULT_TIME_ZONE;

  if (isLastManager(me, villagers)) {
    return (
      <p className="notice leave-blocked" role="note">
        {frenchSpaces(
          'Vous êtes la seule personne à gérer ce village\u00a0: pour pouvoir le quitter, nommez d’abord un·e co-organisateur·rice parmi les membres ci-dessus.',
        )}
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

  const released =
    openedAt === null ? [] : (helps ?? []).filter((help) => help.helper_id === me.id && Date.parse(help.start_date) > openedAt);
  const needName = (needId: string) => needs?.find((need) => need.id === needId)?.name ?? 'Besoin supprimé';
  const more = released.length - NAMED_SLOTS;

  return (
    <>
      <button type="button" className="danger leave-button" onClick={() => setOpenedAt(Date.now())}>
        Quitter ce village
      </button>
      <ConfirmDialog
        open={openedAt !== null}
        title="Quitter ce village&nbsp;?"
        confirmLabel="Quitter le village"
        busyLabel="Départ…"
        onConfirm={leave}
        onClose={() => setOpenedAt(null)}
      >
        <p>Vous ne verrez plus ce village, ses besoins ni son planning.</p>
        {released.length ? (
          <>
            <p>
              {frenchSpaces(
                released.length === 1
                  ? 'Ce créneau que vous aviez pris sera libéré pour quelqu’un d’autre\u00a0:'
                  : `Ces ${released.length} créneaux que vous aviez pris seront libérés pour d’autres\u00a0:`,
              )}
            </p>
            <ul className="leave-released">
              {released.slice(0, NAMED_SLOTS).map((help) => (
                <li key={help.id}>
                  {needName(help.village_need_id)}, {formatHelpSlot(help.start_date, help.end_date, undefined, zone)}
                </li>
              ))}
              {more > 0 ? <li>{more === 1 ? 'et 1 autre créneau' : `et ${more} autres créneaux`}</li> : null}
            </ul>
          </>
        ) : null}
        <p>Pour revenir, il faudra de nouveau le code du village.</p>
      </ConfirmDialog>
    </>
  );
}
