import { v7 as uuidv7 } from 'uuid';
import type { Help, NeedCategory, PublicUser, User, Village, VillageNeed, Villager } from '../contract';

/**
 * Rows as the API sends them and the device keeps them, for tests and benchmarks. Each builder fills every
 * field with a plain default (a fresh id, nothing optional, created at STAMP) and takes the fields a test
 * cares about as overrides, so a test shows only what matters to it.
 */

export const STAMP = '2026-01-01T00:00:00.000Z';

/** The village rows belong to when a test does not say: the default id of `aVillage`. */
export const VILLAGE_ID = '0190f000-0000-7000-8000-000000000001';

/** A started village (state 3) of a close person (mode 2), Nina Martin, with no details filled in. */
export function aVillage(overrides: Partial<Village> = {}): Village {
  return {
    id: VILLAGE_ID,
    state: 3,
    creation_mode: 2,
    name: null,
    reason: null,
    infos: null,
    home_infos: null,
    phone: null,
    start_date: null,
    end_date: null,
    first_name: 'Nina',
    last_name: 'Martin',
    relationship: null,
    share_code: 'ABCD2345',
    time_zone: 'Europe/Paris',
    gap_horizon_days: 3,
    photo: null,
    closed_at: null,
    closed_message: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

/**
 * An active helper of the village, user `user-<id>` unless told. Without `user`, the row has none (as the
 * server sends it without `include`); with one, the given fields are completed into the villager's public user
 * (`id` its `user_id`, last name Martin, no photo).
 */
export function aVillager({ user, ...overrides }: Partial<Omit<Villager, 'user'>> & { user?: Partial<PublicUser> | null } = {}): Villager {
  const id = overrides.id ?? uuidv7();
  const villager: Villager = {
    id,
    village_id: VILLAGE_ID,
    user_id: `user-${id}`,
    is_needy: false,
    is_creator: false,
    is_manager: false,
    is_out: false,
    is_ban: false,
    last_check_notif_date: null,
    created_at: STAMP,
    ...overrides,
  };
  if (user !== undefined) {
    villager.user = user && { id: villager.user_id ?? `user-${id}`, first_name: 'Alice', last_name: 'Martin', photo: null, ...user };
  }
  return villager;
}

/** The signed-in user Alice Martin, who has not answered the analytics question. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: uuidv7(),
    uuid: uuidv7(),
    email: 'alice@example.test',
    first_name: 'Alice',
    last_name: 'Martin',
    phone: null,
    photo: null,
    analytics_consent: null,
    email_verified_at: '2026-11-01T09:00:00.000Z',
    has_password: true,
    ...overrides,
  };
}

/** A free need (outside the catalogue), "Courses", with no description. */
export function aNeed(overrides: Partial<VillageNeed> = {}): VillageNeed {
  return {
    id: uuidv7(),
    village_id: VILLAGE_ID,
    need_id: null,
    category_id: null,
    name: 'Courses',
    description: null,
    schedule: null,
    address: null,
    access: null,
    people: null,
    diet: null,
    organisers_only: false,
    details_hidden: false,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

/** A help with no end nor comment, on 1 December 2026 at 09:00 UTC. */
export function aHelp(overrides: Partial<Help> = {}): Help {
  return {
    id: uuidv7(),
    village_id: VILLAGE_ID,
    village_need_id: uuidv7(),
    helper_id: uuidv7(),
    start_date: '2026-12-01T09:00:00.000Z',
    end_date: null,
    comment: null,
    created_at: STAMP,
    done_at: null,
    thanks_count: 0,
    thanks_message: null,
    replacement_asked_at: null,
    ...overrides,
  };
}

/** A help on this need, with the need itself inside as a village pull sends it (`include=helps.villageNeed`). */
export function aHelpOn(need: VillageNeed, overrides: Partial<Help> = {}): Help {
  return aHelp({ village_id: need.village_id, village_need_id: need.id, village_need: need, ...overrides });
}

/** A category of the needs' catalogue, named after its id, with no needs listed. */
export function aCategory(overrides: Partial<NeedCategory> = {}): NeedCategory {
  const id = overrides.id ?? uuidv7();
  return { id, name: id, color: '#e07a5f', ...overrides };
}
