import { DateTime } from 'luxon';
import {
  DEFAULT_TIME_ZONE,
  isActiveVillager,
  VILLAGE_STATE,
  type Help,
  type User,
  type Village,
  type VillageNeed,
  type Villager,
} from '../../contract';
import { slotsBetween } from '../../contract/slots';
import { splitHelps, plannedHelps } from '../helps/split-helps';
import { activeHelps } from '../helps/help-reads';
import { restOfWeek, weekSlotsOf, type WeekSlots } from './week-slots';
import { villageTitle } from './village-title';
import { initialsOf } from './initials';

/** Where a village's card and a join lead: the tunnel to finish it, the wait for its opening, or its home. */
export type VillageDestination =
  | { to: '/create/village'; search: { pcvi: string } }
  | { to: '/dashboard/villages/$id/waiting-validation'; params: { id: string } }
  | { to: '/dashboard/villages/$id/home'; params: { id: string } };

export function villageDestination(village: Pick<Village, 'id' | 'state'>): VillageDestination {
  if (village.state === VILLAGE_STATE.creation) return { to: '/create/village', search: { pcvi: village.id } };
  if (village.state === VILLAGE_STATE.waitingValidation)
    return { to: '/dashboard/villages/$id/waiting-validation', params: { id: village.id } };
  return { to: '/dashboard/villages/$id/home', params: { id: village.id } };
}

/** What needs the user now in an open village; null when its needs and helps were never pulled here. */
export interface VillageActivity {
  helpsToday: number;
  needs: number;
  uncoveredNeeds: number;
  /** The scheduled slots of the rest of the week: how many are still open. */
  weekSlots: WeekSlots;
}

export interface VillageSummary {
  id: string;
  state: Village['state'];
  /** The village's name, as every screen says it (village-title.ts). */
  title: string;
  /** The person the village is built around. */
  needyName: string;
  initials: string;
  photoUrl: string | null;
  destination: VillageDestination;
  activity: VillageActivity | null;
}

/** What this device holds about one village, read together so the card is computed in one pure step. */
export interface LocalVillage {
  village: Village;
  /** The villagers table's rows: filled by a pull (or the creation tunnel); fresher than the list's copy. */
  villagers: Villager[];
  needs: VillageNeed[];
  helps: Help[];
}

const fullName = (person: { first_name?: string | null; last_name?: string | null } | null | undefined) =>
  [person?.first_name, person?.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();

/** Mode 2: the close person named in the village; mode 1: its creator, who is the needy person; '' when unknown. */
function needyNameOf(village: Village, villagers: Villager[], me: Pick<User, 'id' | 'first_name' | 'last_name'> | null): string {
  if (village.creation_mode === 2) {
    const name = fullName(village);
    if (name) return name;
  } else {
    const needy = villagers.find((v) => v.is_needy) ?? villagers.find((v) => v.is_creator);
    const name = needy?.user_id && me && needy.user_id === me.id ? fullName(me) : fullName(needy?.user);
    if (name) return name;
  }
  return '';
}

export function activityOf(
  local: Omit<LocalVillage, 'village'>,
  now: DateTime = DateTime.now(),
  zone: string = DEFAULT_TIME_ZONE,
): VillageActivity {
  const helps = activeHelps(local.helps, local.villagers);
  const planned = new Set(plannedHelps(helps, now).map((help) => help.village_need_id));
  const inactive = new Set(local.villagers.filter((v) => !isActiveVillager(v)).map((v) => v.id));
  const week = restOfWeek(now.toJSDate(), zone);
  const slots = slotsBetween(local.needs, local.helps, (id) => !inactive.has(id), zone, week.from, week.to, now.toJSDate());
  return {
    helpsToday: splitHelps(helps, now).today.length,
    needs: local.needs.length,
    uncoveredNeeds: local.needs.filter((need) => !planned.has(need.id)).length,
    weekSlots: weekSlotsOf(slots),
  };
}

/**
 * One card of the list, or null when the village is not the user's any more (out or banned): the list
 * shows only the villages they belong to.
 */
export function summariseVillage(
  local: LocalVillage,
  me: Pick<User, 'id' | 'first_name' | 'last_name'> | null,
  now: DateTime = DateTime.now(),
): VillageSummary | null {
  const { village } = local;
  const villagers = local.villagers.length ? local.villagers : (village.villagers ?? []);
  const mine = me ? villagers.find((v) => v.user_id === me.id) : undefined;
  if (mine && !isActiveVillager(mine)) return null;
  if (!mine && me && villagers.length) return null;
  const person = needyNameOf(village, villagers, me);
  const needyName = person || village.name?.trim() || 'Village sans nom';
  const firstName = village.creation_mode === 2 ? village.first_name : person.split(' ')[0];
  // The tables are filled by a pull of the whole village: the list's own copy brings no needs nor helps.
  const pulled = local.villagers.length > 0;
  return {
    id: village.id,
    state: village.state,
    title: villageTitle(village, firstName),
    needyName,
    initials: initialsOf(needyName) || '?',
    photoUrl: village.photo?.original_url ?? null,
    destination: villageDestination(village),
    activity:
      village.state === VILLAGE_STATE.started && pulled
        ? activityOf({ ...local, villagers }, now, village.time_zone ?? DEFAULT_TIME_ZONE)
        : null,
  };
}

/** The cards in a steady order: open villages first, then those waiting, then those being created; by name. */
export function summariseVillages(
  locals: LocalVillage[],
  me: Pick<User, 'id' | 'first_name' | 'last_name'> | null,
  now: DateTime = DateTime.now(),
) {
  const order = { 3: 0, 2: 1, 1: 2 } as const;
  return locals
    .map((local) => summariseVillage(local, me, now))
    .filter((summary): summary is VillageSummary => summary !== null)
    .sort((a, b) => order[a.state] - order[b.state] || a.title.localeCompare(b.title, 'fr'));
}
