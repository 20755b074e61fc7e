import type { CSSProperties } from 'react';
import { Link } from '@tanstack/react-router';
import { canManage, useCategories, useMyVillager, useVillageHelps, useVillageNeeds, useVillageSync } from '../../village-data/hooks';
import { plannedHelps } from '../helps';
import { groupNeedsByCategory } from './need-category';
import { NeedPicture } from './need-picture';
import { plannedHelpsLabel } from './planned-helps-label';
import './needs.css';

/** A village's needs by category, each with how many helps are planned for it. */
export function NeedsPage({ villageId }: { villageId: string }) {
  useVillageSync(villageId);
  const needs = useVillageNeeds(villageId);
  const categories = useCategories();
  const helps = useVillageHelps(villageId);
  const me = useMyVillager(villageId);
  const loading = needs === undefined || categories === undefined || helps === undefined;
  const planned = helps ? plannedHelps(helps) : [];
  const countFor = (needId: string) => planned.filter((h) => h.village_need_id === needId).length;

  return (
    <section className="needs" aria-labelledby="needs-title">
      <div className="needs-header">
        <h1 id="needs-title">Besoins du village</h1>
        {canManage(me) ? (
          <Link to="/dashboard/villages/$id/needs/add" params={{ id: villageId }} className="button">
            Ajouter un besoin
          </Link>
        ) : null}
      </div>
      {loading ? <p role="status">Chargement…</p> : null}
      {!loading && needs.length === 0 ? (
        <p className="needs-empty">
          {canManage(me)
            ? 'Aucun besoin pour le moment. Ajoutez ce qui aiderait au quotidien : les membres du village pourront proposer leur aide.'
            : 'Aucun besoin pour le moment. Ils apparaîtront ici dès que le village en aura ajouté.'}
        </p>
      ) : null}
      {!loading
        ? groupNeedsByCategory(needs, categories).map((group) => (
            <section key={group.key} className="need-group" style={{ '--category-color': group.color } as CSSProperties} aria-labelledby={`group-${group.key}`}>
              <h2 id={`group-${group.key}`} className="need-group-title">
                {group.title}
              </h2>
              <ul className="need-list">
                {group.needs.map(({ need, picture }) => (
                  <li key={need.id}>
                    <Link to="/dashboard/villages/$id/needs/$need_id" params={{ id: villageId, need_id: need.id }} className="need-card">
                      <NeedPicture src={picture} />
                      <span className="need-card-text">
                        <span className="need-card-name">{need.name}</span>
                        <span className="need-card-count">{plannedHelpsLabel(countFor(need.id))}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
    </section>
  );
}
