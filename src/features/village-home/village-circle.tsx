import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import type { CircleMember } from '../../domain/villages/village-home';
import { membersCount } from '../../domain/villagers/members';
import { UserAvatar } from '../../components/user-avatar';

/** What a member is to the circle, when it is more than helping. */
function roleText(member: CircleMember): string | null {
  if (member.isNeedy && member.organises) return 'Personne aidée, organise le village';
  if (member.isNeedy) return 'Personne aidée';
  return member.organises ? 'Organise le village' : null;
}

/** Who is in the village: each member's face and name, those who organise it first and marked. */
export function VillageCircle({ circle, villageId }: { circle: CircleMember[]; villageId: string }) {
  const titleId = useId();
  return (
    <section className="village-circle" aria-labelledby={titleId}>
      <h2 id={titleId}>Le cercle</h2>
      <p className="village-circle-count">
        {membersCount(circle.length)} ·{' '}
        <Link to="/dashboard/villages/$id/manage/members" params={{ id: villageId }}>
          Voir les membres
        </Link>
      </p>
      <ul className="village-circle-list">
        {circle.map((member) => {
          const role = roleText(member);
          return (
            <li key={member.id}>
              {member.user ? (
                <UserAvatar user={member.user} size={40} />
              ) : (
                <span className="avatar village-circle-none" aria-hidden="true" />
              )}
              <span className="village-circle-name">
                {member.name}
                {/* Read as "Claire Martin, Organise le village": the comma is for screen readers, the line break for eyes. */}
                {role ? (
                  <span className="village-circle-role">
                    <span className="visually-hidden">, </span>
                    {role}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
