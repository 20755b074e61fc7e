import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { isActiveVillager, type Village, type Villager } from '../../contract';
import { canManage, useMyVillager, useVillagers } from '../../domain/villagers/villager-reads';
import { useVillage, useVillageSync } from '../../domain/villages/village-reads';
import './manage.css';

export interface ManageContext {
  village: Village;
  me: Villager;
  villagers: Villager[];
}

interface ManageScreenProps {
  villageId: string;
  title: string;
  /**
   * Where the back link leads a manager: the manage page from its sub-pages, the infos from the manage page
   * itself. Helpers cannot open the manage page: theirs always leads to the infos.
   */
  back: 'manage' | 'infos';
  /** What only managers may do here, in words ("modifier la période"); absent: every member may look. */
  managersOnly?: string;
  /** The viewer is leaving the village: the page waits for the navigation. */
  leaving?: boolean;
  children: (context: ManageContext) => ReactNode;
}

/**
 * The frame of the manage pages. The spec gives these routes no guard, so the page itself says when the
 * viewer is not (or no longer) a member, or is a helper where only managers may act, rather than show a form
 * the server would refuse.
 */
export function ManageScreen({ villageId, title, back, managersOnly, leaving = false, children }: ManageScreenProps) {
  useVillageSync(villageId);
  const village = useVillage(villageId);
  const villagers = useVillagers(villageId);
  const me = useMyVillager(villageId);
  const member = me && isActiveVillager(me) ? me : null;

  let body: ReactNode;
  if (leaving || me === undefined || villagers === undefined || (member && !village)) body = <p role="status">Chargement…</p>;
  else if (!member || !village) body = <NotAMember />;
  else if (managersOnly && !canManage(member)) body = <ManagersOnly villageId={villageId} what={managersOnly} />;
  else body = children({ village, me: member, villagers });

  return (
    <section className="manage" aria-labelledby="manage-title">
      <p className="back-link">
        {back === 'manage' && canManage(member) ? (
          <Link to="/dashboard/villages/$id/manage" params={{ id: villageId }}>
            ← Gérer le village
          </Link>
        ) : (
          <Link to="/dashboard/villages/$id/infos" params={{ id: villageId }}>
            ← Infos du village
          </Link>
        )}
      </p>
      <h1 id="manage-title">{title}</h1>
      {body}
    </section>
  );
}

/** What a helper sees on a page only the creator and the needy person may use: why, and a way back. */
export function ManagersOnly({ villageId, what }: { villageId: string; what: string }) {
  return (
    <div className="notice" role="note">
      <p>Seules les personnes qui organisent le village (qui l’a créé, la personne aidée, les co-organisateur·rices) peuvent {what}.</p>
      <p>
        <Link to="/dashboard/villages/$id/infos" params={{ id: villageId }}>
          Retour aux infos du village
        </Link>
      </p>
    </div>
  );
}

function NotAMember() {
  return (
    <div className="notice" role="note">
      <p>Vous ne faites pas partie de ce village.</p>
      <p>
        <Link to="/dashboard/villages">Retour à mes villages</Link>
      </p>
    </div>
  );
}
