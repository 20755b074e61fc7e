import { useState } from 'react';
import type { Villager } from '../../contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast, TOAST_TEXT } from '../../state/toasts';
import { UserAvatar } from '../../components/user-avatar';
import { ManageScreen, type ManageContext } from './manage-screen';
import { LeaveVillage } from '../../components/leave-village';
import {
  canBan,
  canSetRole,
  CO_ORGANISER,
  isCoOrganiser,
  isManager,
  memberName,
  memberRoles,
  membersCount,
  splitMembers,
} from '../../domain/villagers/members';
import { RoleDialog, type RoleChange } from './role-dialog';
import { banVillagerAction } from '../../domain/villages/actions';
import { InvitationsSection } from './invitations/invitations-section';

/**
 * The village's members: every member may see who is in it and leave it; managers also remove helpers; the
 * creator and the needy person name co-organisers and take it back. Those who left or were removed are
 * listed apart, for the record.
 */
export function MembersPage({ villageId }: { villageId: string }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <ManageScreen villageId={villageId} title="Membres" back="manage" leaving={leaving}>
      {(context) => <Members {...context} onLeavingChange={setLeaving} />}
    </ManageScreen>
  );
}

function Members({ village, me, villagers, onLeavingChange }: ManageContext & { onLeavingChange: (leaving: boolean) => void }) {
  const [banning, setBanning] = useState<Villager | null>(null);
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const { active, former } = splitMembers(villagers);

  const ban = async () => {
    if (!banning) return null;
    const result = await banVillagerAction(village.id, banning.id, me.id);
    if (!result.ok) return result.message;
    toast.success(TOAST_TEXT.deleted);
    setBanning(null);
    return null;
  };

  return (
    <>
      <section aria-labelledby="members-active">
        <h2 id="members-active">Dans le village ({membersCount(active.length)})</h2>
        <ul className="member-list">
          {active.map((villager) => (
            <MemberItem
              key={villager.id}
              villager={villager}
              isMe={villager.id === me.id}
              onBan={canBan(me, villager) ? setBanning : undefined}
              onRole={
                canSetRole(me, villager) ? (target) => setRoleChange({ villager: target, makeManager: !isCoOrganiser(target) }) : undefined
              }
            />
          ))}
        </ul>
      </section>
      {isManager(me) ? <InvitationsSection villageId={village.id} me={me} /> : null}
      {former.length ? (
        <section aria-labelledby="members-former">
          <h2 id="members-former">Anciens membres</h2>
          <ul className="member-list member-list-former">
            {former.map((villager) => (
              <MemberItem key={villager.id} villager={villager} isMe={false} />
            ))}
          </ul>
        </section>
      ) : null}

      <h2>Quitter le village</h2>
      <LeaveVillage villageId={village.id} me={me} villagers={villagers} onLeavingChange={onLeavingChange} />

      <ConfirmDialog
        open={banning !== null}
        title={banning ? `Retirer ${memberName(banning)} du village\u00a0?` : 'Retirer du village\u00a0?'}
        confirmLabel="Retirer du village"
        busyLabel="Retrait…"
        onConfirm={ban}
        onClose={() => setBanning(null)}
      >
        <p>{banning ? memberName(banning) : 'Ce membre'} ne verra plus le village et ses aides prévues ne compteront plus.</p>
        <p>Cette personne ne pourra pas revenir avec le code du village.</p>
      </ConfirmDialog>
      <RoleDialog villageId={village.id} me={me} change={roleChange} onClose={() => setRoleChange(null)} />
    </>
  );
}

interface MemberItemProps {
  villager: Villager;
  isMe: boolean;
  onBan?: (villager: Villager) => void;
  onRole?: (villager: Villager) => void;
}

function MemberItem({ villager, isMe, onBan, onRole }: MemberItemProps) {
  const name = memberName(villager);
  const gone = villager.is_ban ? 'Retiré du village' : villager.is_out ? 'A quitté le village' : null;
  const coOrganiser = !gone && isCoOrganiser(villager);
  return (
    <li className="member-item">
      <UserAvatar user={villager.user ?? { first_name: '?', last_name: '', photo: null }} size={48} />
      <div className="member-text">
        <p className="member-name">
          {name}
          {isMe ? ' (vous)' : ''}
        </p>
        <p className="member-role">
          {gone ?? memberRoles(villager).join(' · ')}
          {coOrganiser ? <span className="member-badge">{CO_ORGANISER}</span> : null}
        </p>
      </div>
      {onRole || onBan ? (
        <div className="member-actions">
          {onRole ? (
            <button type="button" className="secondary member-role-button" onClick={() => onRole(villager)}>
              {coOrganiser ? 'Retirer le rôle de co-organisateur·rice' : 'Nommer co-organisateur·rice'}
              <span className="visually-hidden">&nbsp;: {name}</span>
            </button>
          ) : null}
          {onBan ? (
            <button
              type="button"
              className="secondary member-ban"
              onClick={() => onBan(villager)}
              aria-label={`Retirer ${name} du village`}
            >
              Retirer
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
