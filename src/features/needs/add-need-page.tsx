import { Link } from '@tanstack/react-router';
import { DEFAULT_TIME_ZONE } from '../../contract';
import { canManage, useMyVillager } from '../../domain/villagers/villager-reads';
import { useCategories } from '../../domain/categories/category-reads';
import { useVillage, useVillageSync } from '../../domain/villages/village-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { AddNeedForm } from './add-need-form';
import { ManagersOnly } from './managers-only';
import './needs.css';

export function AddNeedPage({ villageId }: { villageId: string }) {
  useVillageSync(villageId);
  const me = useMyVillager(villageId);
  const categories = useCategories();
  const needs = useVillageNeeds(villageId);
  const village = useVillage(villageId);
  const loading = me === undefined || categories === undefined || needs === undefined;

  return (
    <section className="needs" aria-labelledby="add-need-title">
      <p className="back-link">
        <Link to="/dashboard/villages/$id/needs" params={{ id: villageId }}>
          ← Besoins du village
        </Link>
      </p>
      <h1 id="add-need-title">Ajouter un besoin</h1>
      {loading ? <p role="status">Chargement…</p> : null}
      {!loading && !canManage(me) ? <ManagersOnly villageId={villageId} what="ajouter un besoin" /> : null}
      {!loading && me && canManage(me) ? (
        <AddNeedForm
          villageId={villageId}
          villagerId={me.id}
          categories={categories}
          taken={new Set(needs.map((n) => n.need_id).filter((id) => id !== null))}
          zone={village?.time_zone ?? DEFAULT_TIME_ZONE}
        />
      ) : null}
    </section>
  );
}
