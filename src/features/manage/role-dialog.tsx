import type { Villager } from '../../contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast, TOAST_TEXT } from '../../state/toasts';
import { setVillagerRoleAction } from '../../domain/villagers/actions';
import { memberName } from '../../domain/villagers/members';

export interface RoleChange {
  villager: Villager;
  makeManager: boolean;
}

/**
 * Naming a co-organiser, or taking it back, after saying what the role lets them do: a co-organiser adds
 * needs, manages the slots and removes helpers, as the creator and the needy person do.
 */
export function RoleDialog({
  villageId,
  me,
  change,
  onClose,
}: {
  villageId: string;
  me: Villager;
  change: RoleChange | null;
  onClose: () => void;
}) {
  const name = change ? memberName(change.villager) : 'Ce membre';
  const confirm = async () => {
    if (!change) return null;
    const result = await setVillagerRoleAction(villageId, change.villager.id, change.makeManager, me.id);
    if (!result.ok) return result.message;
    toast.success(TOAST_TEXT.updated);
    onClose();
    return null;
  };
  const making = change?.makeManager ?? true;
  return (
    <ConfirmDialog
      open={change !== null}
      title={making ? `Nommer ${name} co-organisateur·rice\u00a0?` : `Retirer le rôle de co-organisateur·rice à ${name}\u00a0?`}
      confirmLabel={making ? 'Nommer co-organisateur·rice' : 'Retirer le rôle'}
      busyLabel="Enregistrement…"
      onConfirm={confirm}
      onClose={onClose}
    >
      {making ? (
        <>
          <p>
            {name} pourra organiser le village avec vous&nbsp;: ajouter et modifier des besoins, gérer les créneaux, et retirer des aidants
            du village.
          </p>
          <p>Vous pourrez lui retirer ce rôle à tout moment.</p>
        </>
      ) : (
        <p>
          {name} restera dans le village comme aidant·e, mais ne pourra plus ajouter de besoins, gérer les créneaux ni retirer des aidants.
        </p>
      )}
    </ConfirmDialog>
  );
}
