import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { isActiveVillager } from '../../contract';
import { canManage, useMyVillager, useVillagers } from '../../domain/villagers/villager-reads';
import { useVillage, useVillageSync } from '../../domain/villages/village-reads';
import { villageHomeOf, type VillageHome } from '../../domain/villages/village-home';
import { OpenSlots } from '../../components/open-slots/open-slots';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { ReplacementRequests } from '../../components/replacement-requests/replacement-requests';
import { VillageCircle } from './village-circle';
import { DoneLately } from './done-lately';
import '../../components/village-photo.css';
import './village-home.css';

/**
 * A village's first screen, where a helper lands after joining: whom the village helps, in the organiser's
 * words, the next slots to take in one tap, the latest news, and who is in the circle. `latestNews` is the
 * place of "Dernières nouvelles": the route hands it in (a feature never imports another), nothing until then.
 */
export function VillageHomePage({ villageId, latestNews }: { villageId: string; latestNews?: ReactNode }) {
  useVillageSync(villageId);
  const village = useVillage(villageId);
  const villagers = useVillagers(villageId);
  const me = useMyVillager(villageId);
  const needs = useVillageNeeds(villageId);
  const titleId = useId();

  if (village === undefined || villagers === undefined || me === undefined) return <p role="status">Chargement…</p>;
  const home = villageHomeOf(village, villagers);
  // A closed village's home offers nothing to take: it is a keepsake.
  const active = me !== null && isActiveVillager(me) && !village.closed_at;
  const firstNames = new Map(villagers.map((villager) => [villager.id, villager.user?.first_name ?? 'Un membre']));

  return (
    <article className="village-home" aria-labelledby={titleId}>
      <PersonHead home={home} titleId={titleId} />
      <Presentation home={home} villageId={villageId} manager={canManage(me)} />
      {me && active ? <ReplacementRequests villageId={villageId} me={me} /> : null}
      {me && active ? <OpenSlots villageId={villageId} me={me} /> : null}
      {/* Dernières nouvelles: the village's news slot in here, between what to do and who is there. */}
      {latestNews}
      <DoneLately villageId={villageId} needs={needs ?? []} firstNameOf={(id) => firstNames.get(id) ?? 'Un membre'} />
      <VillageCircle circle={home.circle} villageId={villageId} />
      <p className="village-home-more">
        <Link to="/dashboard/villages/$id/infos" params={{ id: villageId }}>
          Période, contact et infos pratiques
        </Link>
      </p>
    </article>
  );
}

function PersonHead({ home, titleId }: { home: VillageHome; titleId: string }) {
  const { person } = home;
  return (
    <header className="village-home-head">
      {person?.photoUrl ? (
        <img className="village-photo" src={person.photoUrl} alt="" width={96} height={96} />
      ) : person ? (
        <span className="village-photo village-home-initials" aria-hidden="true">
          {person.initials}
        </span>
      ) : null}
      <h1 id={titleId}>{person ? person.name : home.title}</h1>
    </header>
  );
}

/** The organiser's presentation, signed for the helpers who read it; an invitation to write it for managers. */
function Presentation({ home, villageId, manager }: { home: VillageHome; villageId: string; manager: boolean }) {
  const titleId = useId();
  const { presentation, person } = home;
  if (!presentation) {
    if (!manager) return null;
    return (
      <p className="village-home-invite">
        <Link to="/dashboard/villages/$id/manage/infos" params={{ id: villageId }}>
          Présentez {person ? person.name : 'la personne aidée'} aux membres du village
        </Link>
      </p>
    );
  }
  return (
    <section className="village-home-words" aria-labelledby={titleId}>
      <h2 id={titleId}>{presentation.by ? `Le mot de ${presentation.by}` : 'Présentation'}</h2>
      <p className="village-home-text">{presentation.text}</p>
    </section>
  );
}
