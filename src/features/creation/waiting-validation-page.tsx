import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { VILLAGE_STATE, type Village, type Villager } from '../../contract';
import { canManage, useMyVillager } from '../../domain/villagers/villager-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { useVillageSync } from '../../domain/villages/village-reads';
import { villageQuery } from '../../domain/villages/village-query';
import { openValidationAction } from '../../domain/villages/actions';
import { ShareVillage } from '../../components/share-village';
import { formatPeriod } from './format-period';
import { helpedPerson, invitedPeople } from './helped-person';
import { useKnownVillage } from '../../domain/villages/use-known-village';
import './tunnel.css';

/** After the tunnel: the village is ready and waits for its creator to open it. */
export function WaitingValidationPage({ villageId }: { villageId: string }) {
  useVillageSync(villageId);
  const village = useKnownVillage(villageId);
  const me = useMyVillager(villageId);
  if (village === undefined || me === undefined) return <p role="status">Chargement…</p>;
  if (village === null) {
    return (
      <section className="waiting-validation">
        <h1>Village introuvable</h1>
        <p>Ce village n’est pas sur cet appareil.</p>
        <p>
          <Link to="/dashboard/villages">Retour à mes villages</Link>
        </p>
      </section>
    );
  }
  if (village.state === VILLAGE_STATE.creation) {
    return (
      <section className="waiting-validation">
        <h1>La création n’est pas terminée</h1>
        <p>Il reste quelques étapes avant que ce village puisse être ouvert.</p>
        <p>
          <Link to="/create/village" search={{ pcvi: village.id }} className="button">
            Reprendre la création
          </Link>
        </p>
      </section>
    );
  }
  if (village.state === VILLAGE_STATE.started) {
    return (
      <section className="waiting-validation">
        <h1>Ce village est ouvert</h1>
        <p>
          <Link to="/dashboard/villages/$id/needs" params={{ id: village.id }}>
            Voir les besoins du village
          </Link>
        </p>
      </section>
    );
  }
  return <Waiting village={village} me={me} />;
}

function Waiting({ village, me }: { village: Village; me: Villager | null }) {
  const needs = useVillageNeeds(village.id);
  const period = formatPeriod(village.start_date, village.end_date);
  return (
    <section className="waiting-validation" aria-labelledby="waiting-title">
      <h1 id="waiting-title">{village.name ? `${village.name} est prêt` : 'Votre village est prêt'}</h1>
      <p>
        Le village attend son ouverture. Tant qu’il n’est pas ouvert, personne ne peut le rejoindre&nbsp;: préparez l’invitation{' '}
        {`de ${invitedPeople(helpedPerson(village))}`}, puis ouvrez-le quand vous le souhaitez.
      </p>
      {canManage(me) ? <OpenVillage villageId={village.id} villagerId={me!.id} /> : <p className="notice">Le village ouvrira bientôt.</p>}
      <ShareVillage villageId={village.id} shareCode={village.share_code} />
      <section className="waiting-summary" aria-labelledby="waiting-summary-title">
        <h2 id="waiting-summary-title">Récapitulatif</h2>
        <dl>
          {village.reason ? (
            <>
              <dt>Pourquoi ce village</dt>
              <dd>{village.reason}</dd>
            </>
          ) : null}
          <dt>Besoins</dt>
          <dd>{needs === undefined ? 'Chargement…' : needs.length ? needs.map((n) => n.name).join(', ') : 'Aucun pour le moment'}</dd>
          <dt>Période</dt>
          <dd>{period}</dd>
        </dl>
      </section>
    </section>
  );
}

function OpenVillage({ villageId, villagerId }: { villageId: string; villagerId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    if (busy) return;
    setBusy(true);
    const result = await openValidationAction(villageId, villagerId);
    if (!result.ok) {
      setError(result.message);
      setBusy(false);
      return;
    }
    // The village is opened here at once; the pull brings what the server made of it when it is reachable.
    void queryClient.invalidateQueries({ queryKey: villageQuery(villageId).queryKey });
    await navigate({ to: '/dashboard/villages/$id/home', params: { id: villageId } });
  };

  return (
    <div className="waiting-open">
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" onClick={() => void open()} aria-disabled={busy || undefined}>
        {busy ? 'Ouverture…' : 'Ouvrir le village'}
      </button>
    </div>
  );
}
