import { useMemo, useState, type CSSProperties } from 'react';
import { Link } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE, MAX_SLOT_WINDOW_DAYS, type VillageNeed } from '../../contract';
import { expandSchedule } from '../../contract/schedule';
import { canManage, useMyVillager } from '../../domain/villagers/villager-reads';
import { useCategories } from '../../domain/categories/category-reads';
import { useVillage, useVillageSync } from '../../domain/villages/village-reads';
import { useVillageHelps } from '../../domain/helps/help-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { useVillageSlots } from '../../domain/slots/slots';
import { plannedHelps } from '../../domain/helps/split-helps';
import { groupNeedsByCategory } from '../../domain/needs/need-category';
import { NeedPicture } from '../../components/need-picture';
import { plannedHelpsLabel } from './planned-helps-label';
import { weekSlotsLabel, type WeekSlotsLabel } from './week-slots-label';
import './needs.css';

/**
 * A village's needs by category: an undated one with how many helps are planned for it, a scheduled one
 * with how many of this week's slots (to Sunday, in the village's zone) are still open.
 */
export function NeedsPage({ villageId }: { villageId: string }) {
  useVillageSync(villageId);
  const needs = useVillageNeeds(villageId);
  const categories = useCategories();
  const helps = useVillageHelps(villageId);
  const me = useMyVillager(villageId);
  const village = useVillage(villageId);
  const closed = !!village?.closed_at;
  const zone = village?.time_zone ?? DEFAULT_TIME_ZONE;
  // Fixed when the screen opens: live-query bounds that moved at each render would never settle.
  const [now] = useState(() => new Date());
  const weekEnd = useMemo(
    () => DateTime.fromJSDate(now).setZone(zone).endOf('week').plus({ milliseconds: 1 }).toUTC().toISO() ?? '',
    [now, zone],
  );
  const weekSlots = useVillageSlots(villageId, now.toISOString(), weekEnd);
  const nextAfterWeek = (need: VillageNeed) => {
    if (!need.schedule || !weekEnd) return null;
    const until = DateTime.fromISO(weekEnd).plus({ days: MAX_SLOT_WINDOW_DAYS }).toISO() ?? weekEnd;
    const [next] = expandSchedule(need.schedule, zone, weekEnd, until, now);
    return next ? { start: next.start_date, zone } : null;
  };
  const loading = needs === undefined || categories === undefined || helps === undefined || weekSlots === undefined;
  const planned = helps ? plannedHelps(helps) : [];
  const countFor = (needId: string) => planned.filter((h) => h.village_need_id === needId).length;
  const weekLabel = (need: VillageNeed) => {
    const slots = (weekSlots ?? []).filter((slot) => slot.village_need_id === need.id);
    // Only a week without a slot looks further: for the next one, rather than "none" on a Saturday night.
    return weekSlotsLabel(slots, slots.length ? null : nextAfterWeek(need));
  };

  return (
    <section className="needs" aria-labelledby="needs-title">
      <div className="needs-header">
        <h1 id="needs-title">Besoins du village</h1>
        {canManage(me) && !closed ? (
          <Link to="/dashboard/villages/$id/needs/add" params={{ id: villageId }} className="button">
            Ajouter un besoin
          </Link>
        ) : null}
      </div>
      {loading ? <p role="status">Chargement…</p> : null}
      {!loading && needs.length === 0 ? (
        <p className="needs-empty">
          {canManage(me)
            ? 'Aucun besoin pour le moment. Ajoutez ce qui aiderait au quotidien\u00a0: les membres du village pourront proposer leur aide.'
            : 'Aucun besoin pour le moment. Ils apparaîtront ici dès que le village en aura ajouté.'}
        </p>
      ) : null}
      {!loading
        ? groupNeedsByCategory(needs, categories).map((group) => (
            <section
              key={group.key}
              className="need-group"
              style={{ '--category-color': group.color } as CSSProperties}
              aria-labelledby={`group-${group.key}`}
            >
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
                        {need.schedule ? (
                          <WeekSlots label={weekLabel(need)} />
                        ) : (
                          <span className="need-card-count">{plannedHelpsLabel(countFor(need.id))}</span>
                        )}
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

const TONE_ICON = { none: '', covered: '✓ ', open: '○ ' } as const;

/** The week's state in words, an icon and a colour that only repeat them. */
function WeekSlots({ label }: { label: WeekSlotsLabel }) {
  return (
    <span className={`need-card-count need-card-slots ${label.tone}`}>
      {TONE_ICON[label.tone] ? <span aria-hidden="true">{TONE_ICON[label.tone]}</span> : null}
      {label.text}
    </span>
  );
}
