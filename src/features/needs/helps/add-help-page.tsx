import { Link } from '@tanstack/react-router';
import { useMyVillager } from '../../../domain/villagers/villager-reads';
import { useVillageNeeds } from '../../../domain/needs/need-reads';
import { useVillageSync } from '../../../domain/villages/village-reads';
import { AddHelpForm } from './add-help-form';
import { NeedSlots } from './need-slots';
import '../needs.css';

export function AddHelpPage({ villageId, needId }: { villageId: string; needId: string }) {
  useVillageSync(villageId);
  const needs = useVillageNeeds(villageId);
  const me = useMyVillager(villageId);
  const need = needs?.find((n) => n.id === needId);
  const loading = needs === undefined || me === undefined;

  return (
    <section className="needs" aria-labelledby="add-help-title">
      <p className="back-link">
        <Link to="/dashboard/villages/$id/needs/$need_id/helps" params={{ id: villageId, need_id: needId }}>
          ← Les aides{need ? `\u00a0: ${need.name}` : ''}
        </Link>
      </p>
      <h1 id="add-help-title">Proposer mon aide{need ? `\u00a0: ${need.name}` : ''}</h1>
      {loading ? <p role="status">Chargement…</p> : null}
      {!loading && !need ? <p>Ce besoin n’existe pas ou a été supprimé.</p> : null}
      {!loading && need && !me ? <p>Vous ne faites pas partie de ce village&nbsp;: vous ne pouvez pas y proposer d’aide.</p> : null}
      {!loading && need && me && need.schedule ? (
        <>
          <p>Ce besoin a des dates précises&nbsp;: choisissez un créneau à pourvoir, un seul geste suffit.</p>
          <NeedSlots villageId={villageId} need={need} onlyOpen />
        </>
      ) : null}
      {!loading && need && me && !need.schedule ? (
        <AddHelpForm villageId={villageId} needId={needId} helperId={me.id} needName={need.name} />
      ) : null}
    </section>
  );
}
