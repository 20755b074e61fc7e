import { useState, type CSSProperties } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast, TOAST_TEXT } from '../../state/toasts';
import { DEFAULT_TIME_ZONE } from '../../contract';
import { canManage, useMyVillager } from '../../domain/villagers/villager-reads';
import { useCategories } from '../../domain/categories/category-reads';
import { useVillage, useVillageSync } from '../../domain/villages/village-reads';
import { useVillageHelps } from '../../domain/helps/help-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { HelpsSummary } from './helps/helps-summary';
import { NeedSlots } from './helps/need-slots';
import { plannedHelps } from '../../domain/helps/split-helps';
import { needLook } from '../../domain/needs/need-category';
import { NeedPicture } from '../../components/need-picture';
import { EditNeedForm } from './edit-need-form';
import { DeleteNeedDialog } from './delete-need-dialog';
import { deleteNeedAction } from '../../domain/needs/actions';
import { NeedPracticalDetails } from './need-practical-details';
import './needs.css';

/**
 * One need: what it is, its practical details, its next slots when it has dates (taken in one tap) or the
 * helps proposed on it, and for managers the means to change or delete it.
 */
export function NeedDetailPage({ villageId, needId }: { villageId: string; needId: string }) {
  useVillageSync(villageId);
  const needs = useVillageNeeds(villageId);
  const categories = useCategories();
  const helps = useVillageHelps(villageId, needId);
  const me = useMyVillager(villageId);
  const village = useVillage(villageId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Once deleted the need vanishes from the live query: the page leaves rather than say it does not exist.
  const [leaving, setLeaving] = useState(false);
  const backToList = () => navigate({ to: '/dashboard/villages/$id/needs', params: { id: villageId } });

  const need = needs?.find((n) => n.id === needId);
  if (needs === undefined || categories === undefined || helps === undefined || (!need && leaving)) return <p role="status">Chargement…</p>;
  if (!need) {
    return (
      <section className="needs">
        <h1>Besoin introuvable</h1>
        <p>Ce besoin n’existe pas ou a été supprimé.</p>
        <p>
          <Link to="/dashboard/villages/$id/needs" params={{ id: villageId }}>
            Retour aux besoins du village
          </Link>
        </p>
      </section>
    );
  }

  const look = needLook(need, categories);
  // A closed village's needs are read, not changed.
  const manager = canManage(me) && me && !village?.closed_at ? me : null;

  const deleteNeed = async () => {
    if (!manager) return null;
    setLeaving(true);
    const result = await deleteNeedAction(villageId, need.id, manager.id, need.name);
    if (!result.ok) {
      setLeaving(false);
      return result.message;
    }
    toast.success(TOAST_TEXT.deleted);
    await backToList();
    return null;
  };

  return (
    <section className="needs need-detail" aria-labelledby="need-title" style={{ '--category-color': look.color } as CSSProperties}>
      <p className="back-link">
        <Link to="/dashboard/villages/$id/needs" params={{ id: villageId }}>
          ← Besoins du village
        </Link>
      </p>
      <div className="need-detail-head">
        <NeedPicture src={look.picture} size={64} />
        <div>
          <p className="need-category">{look.categoryName}</p>
          <h1 id="need-title">{need.name}</h1>
        </div>
      </div>
      {/* No description, nothing said: a catalogue need's name is its description ("Pas de description." told nothing). */}
      {need.description ? <p className="need-description">{need.description}</p> : null}

      <NeedPracticalDetails need={need} />

      {need.schedule ? (
        <>
          <NeedSlots villageId={villageId} need={need} />
          <div className="need-links">
            <Link
              to="/dashboard/villages/$id/needs/$need_id/helps"
              params={{ id: villageId, need_id: need.id }}
              className="button secondary"
            >
              Voir les aides
            </Link>
          </div>
        </>
      ) : (
        <>
          <h2>Aides</h2>
          <HelpsSummary helps={helps} />
          <div className="need-links">
            <Link
              to="/dashboard/villages/$id/needs/$need_id/helps"
              params={{ id: villageId, need_id: need.id }}
              className="button secondary"
            >
              Voir les aides
            </Link>
            <Link to="/dashboard/villages/$id/needs/$need_id/helps/add" params={{ id: villageId, need_id: need.id }} className="button">
              Proposer mon aide
            </Link>
          </div>
        </>
      )}

      {manager && editing ? (
        <EditNeedForm
          need={need}
          updaterId={manager.id}
          helps={helps}
          zone={village?.time_zone ?? DEFAULT_TIME_ZONE}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            toast.success(TOAST_TEXT.updated);
            void backToList();
          }}
        />
      ) : null}
      {manager && !editing ? (
        <div className="need-manage">
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Modifier le besoin
          </button>
          <button type="button" className="danger" onClick={() => setConfirmingDelete(true)}>
            Supprimer le besoin
          </button>
        </div>
      ) : null}
      {manager ? (
        <DeleteNeedDialog
          need={need}
          plannedHelps={plannedHelps(helps).length}
          open={confirmingDelete}
          onClose={() => setConfirmingDelete(false)}
          onConfirm={deleteNeed}
        />
      ) : null}
    </section>
  );
}
