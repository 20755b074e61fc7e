import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { isActiveVillager } from '../../contract';
import { canManage, useMyVillager, useVillagers } from '../../domain/villagers/villager-reads';
import { useVillage, useVillageSync } from '../../domain/villages/village-reads';
import { LeaveVillage } from '../../components/leave-village';
import { membersCount } from '../../domain/villagers/members';
import { needyPerson } from '../../domain/villages/needy-person';
import { villageTitle } from '../../domain/villages/village-title';
import { formatPeriod } from '../../domain/villages/village-period';
import { formatPhone, phoneHref } from '../../domain/villages/phone-number';
import '../../components/village-photo.css';
import './village-infos.css';

/**
 * What every member should know of the village: whom it helps, its presentation, its period, whom to call,
 * and the home's practical details, these only for members still in it (a door code is not for those who
 * left). Managers find the way to change them; helpers the way out.
 */
export function VillageInfosPage({ villageId }: { villageId: string }) {
  useVillageSync(villageId);
  const village = useVillage(villageId);
  const villagers = useVillagers(villageId);
  const me = useMyVillager(villageId);
  const [leaving, setLeaving] = useState(false);

  if (leaving || village === undefined || villagers === undefined || me === undefined) return <p role="status">Chargement…</p>;
  // Leaving a closed village is a write it refuses: it stays a keepsake in the list.
  const active = me !== null && isActiveVillager(me) && !village.closed_at;
  const needy = needyPerson(village, villagers);
  const name = villageTitle(village, village.first_name);

  return (
    <section className="village-infos" aria-labelledby="village-infos-title">
      <div className="village-infos-head">
        {village.photo ? <img className="village-photo" src={village.photo.original_url} alt="" width={96} height={96} /> : null}
        <h1 id="village-infos-title">{name}</h1>
      </div>
      {needy ? (
        <dl className="village-infos-facts">
          <div>
            <dt>Personne aidée</dt>
            <dd>{needy.name}</dd>
            {/* Said to every member from their side ("Mère de Claire Martin"), not in the creator's words. */}
            {needy.relation ? <dd className="village-infos-relation">{needy.relation}</dd> : null}
          </div>
        </dl>
      ) : null}
      {village.infos ? (
        <p className="village-infos-text">{village.infos}</p>
      ) : (
        <p className="village-infos-none">Pas encore de présentation.</p>
      )}

      <h2>Période</h2>
      <p>{formatPeriod(village.start_date, village.end_date)}</p>

      <h2>Contact</h2>
      {village.phone ? (
        <p>
          <a className="button" href={phoneHref(village.phone)}>
            Appeler le {formatPhone(village.phone)}
          </a>
        </p>
      ) : (
        <p className="village-infos-none">Pas de numéro de contact.</p>
      )}

      {active ? (
        <>
          <h2>Infos pratiques du domicile</h2>
          {village.home_infos ? (
            <p className="village-infos-text">{village.home_infos}</p>
          ) : (
            <p className="village-infos-none">Aucune info pratique pour le moment.</p>
          )}
        </>
      ) : null}

      <h2>Membres</h2>
      <p>
        {membersCount(villagers.filter(isActiveVillager).length)} ·{' '}
        <Link to="/dashboard/villages/$id/manage/members" params={{ id: villageId }}>
          Voir les membres
        </Link>
      </p>

      {canManage(me) ? (
        <p className="village-infos-actions">
          <Link to="/dashboard/villages/$id/manage" params={{ id: villageId }} className="button">
            Gérer le village
          </Link>
        </p>
      ) : null}
      {me && active && !canManage(me) ? (
        <div className="village-infos-actions">
          <LeaveVillage villageId={villageId} me={me} villagers={villagers} onLeavingChange={setLeaving} />
        </div>
      ) : null}
    </section>
  );
}
