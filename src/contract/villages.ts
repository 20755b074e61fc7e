import * as v from 'valibot';
import { messages } from './form-messages';
import { isoDate, optionalText, phone, photo, uuid } from './fields';
import { Help } from './helps';
import { VillageNeed } from './needs';
import { DEFAULT_TIME_ZONE, TimeZone } from './schedule-schema';
import { Villager } from './villagers';

/** The gap alerts' horizon: a slot still open within this many days is urgent. */
export const DEFAULT_GAP_HORIZON_DAYS = 3;
export const MIN_GAP_HORIZON_DAYS = 1;
export const MAX_GAP_HORIZON_DAYS = 14;
export const gapHorizonMessage = `Choisissez un nombre de jours entre ${MIN_GAP_HORIZON_DAYS} et ${MAX_GAP_HORIZON_DAYS}`;

/** The horizon as an organiser sets it: a whole number of days, 1 to 14. */
export const GapHorizonDays = v.pipe(
  v.number(gapHorizonMessage),
  v.integer(gapHorizonMessage),
  v.minValue(MIN_GAP_HORIZON_DAYS, gapHorizonMessage),
  v.maxValue(MAX_GAP_HORIZON_DAYS, gapHorizonMessage),
);

export const VILLAGE_STATE = { creation: 1, waitingValidation: 2, started: 3 } as const;
export const CREATION_MODE = { own: 1, closePerson: 2 } as const;

export const Village = v.object({
  id: v.string(),
  state: v.picklist([1, 2, 3]),
  creation_mode: v.picklist([1, 2]),
  name: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  infos: v.nullable(v.string()),
  home_infos: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  start_date: v.nullable(v.string()),
  end_date: v.nullable(v.string()),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  relationship: v.nullable(v.string()),
  share_code: v.string(),
  /** The IANA zone its schedules' wall-clock times are in (absent from rows stored before it existed). */
  time_zone: v.optional(v.string(), DEFAULT_TIME_ZONE),
  /** How many days ahead a slot still open is urgent (gap alerts, the « Urgent » mark); absent from older rows. */
  gap_horizon_days: v.optional(v.number(), DEFAULT_GAP_HORIZON_DAYS),
  photo,
  /**
   * When an organiser closed it (null while open): a keepsake its members still read, where every write is
   * refused. A field of its own, beside `state`, whose 1 to 3 keep their meaning. Absent from older rows.
   */
  closed_at: v.optional(v.nullable(v.string()), null),
  /** The organiser's last word when closing it. */
  closed_message: v.optional(v.nullable(v.string()), null),
  created_at: v.string(),
  updated_at: v.string(),
  needs: v.optional(v.array(VillageNeed)),
  villagers: v.optional(v.array(Villager)),
  helps: v.optional(v.array(Help)),
});
export type Village = v.InferOutput<typeof Village>;

/** The relations `include` may ask for on a village (the spec's full include is all of them). */
export const VILLAGE_INCLUDES = [
  'photo',
  'needs',
  'villagers',
  'villagers.user',
  'villagers.user.photo',
  'helps',
  'helps.villageNeed',
] as const;
export type VillageInclude = (typeof VILLAGE_INCLUDES)[number];

/** How many days of past helps the app pulls with its village; older ones are read a page at a time. */
export const RECENT_HELPS_DAYS = 90;

/**
 * What the app asks of a village: the spec's include but `helps.villageNeed` (each help would carry a whole
 * copy of its need, which `needs` already holds: 40 % of the bytes), with the helps of the past
 * `RECENT_HELPS_DAYS` days and ahead only (`helps_from`); the older ones are read a page at a time when
 * shown (`GET /v1/villages/{id}/helps`).
 */
export const VILLAGE_APP_INCLUDE = 'photo,needs,villagers,villagers.user,villagers.user.photo,helps';

/** The first day (UTC) of the helps pulled with the village: everyone pulling the same day asks the same. */
export const recentHelpsFrom = (now = Date.now()) => new Date(now - RECENT_HELPS_DAYS * 24 * 3600_000).toISOString().slice(0, 10);
/** The first instant of the helps a pull of that day holds, written as the local rows write their starts. */
export const helpsFromInstant = (day: string) => `${day}T00:00:00.000Z`;

/**
 * `include` as the spec has it; `helps_from` (a calendar day, UTC) leaves out the helps that started
 * before it: a village of several years would otherwise bring every help it ever had on each pull.
 */
export const VillageQuery = v.object({
  include: v.optional(v.string()),
  helps_from: v.optional(isoDate),
});

// Every field is optional on create and update: the creation tunnel fills them step by step.
const villageFields = {
  name: v.optional(optionalText(100)),
  reason: v.optional(optionalText(255)),
  infos: v.optional(optionalText(2000)),
  home_infos: v.optional(optionalText(2000)),
  phone: v.optional(phone),
  start_date: v.optional(v.nullable(isoDate)),
  end_date: v.optional(v.nullable(isoDate)),
  first_name: v.optional(optionalText(100)),
  last_name: v.optional(optionalText(100)),
  relationship: v.optional(optionalText(100)),
  time_zone: v.optional(TimeZone),
  gap_horizon_days: v.optional(GapHorizonDays),
};

const periodInOrder = <T extends { start_date?: string | null; end_date?: string | null }>(input: T) =>
  !input.start_date || !input.end_date || input.end_date >= input.start_date;

export const CreateVillageInput = v.pipe(
  v.strictObject({
    id: v.optional(uuid),
    // The creator's villager, born with the village: a tunnel walked offline refers to it in its next steps.
    villager_id: v.optional(uuid),
    creation_mode: v.picklist([1, 2], messages.oneOf),
    ...villageFields,
  }),
  v.forward(v.check(periodInOrder, messages.endBeforeStart), ['end_date']),
);
export type CreateVillageInput = v.InferOutput<typeof CreateVillageInput>;

export const UpdateVillageInput = v.pipe(
  v.strictObject({
    updater_id: uuid,
    ...villageFields,
  }),
  v.forward(v.check(periodInOrder, messages.endBeforeStart), ['end_date']),
);
export type UpdateVillageInput = v.InferOutput<typeof UpdateVillageInput>;

export const FinishCreationInput = v.object({ creator_id: uuid });
export const OpenValidationInput = v.object({ villager_id: uuid });
export const UpdaterInput = v.object({ updater_id: uuid });

/** The longest last word an organiser leaves when closing a village. */
export const CLOSED_MESSAGE_MAX = 2000;
/** The 409 every write to a closed village gets, and what the app says of it. */
export const VILLAGE_CLOSED_MESSAGE = 'Ce village est clôturé.';
/** How long after closing an organiser may still reopen a village. */
export const REOPEN_WINDOW_DAYS = 30;
export const CloseVillageInput = v.object({ closer_id: uuid, message: optionalText(CLOSED_MESSAGE_MAX) });
export const ReopenVillageInput = v.object({ villager_id: uuid });

export const VillagesQuery = v.object({
  state: v.optional(v.pipe(v.string(), v.transform(Number), v.picklist([1, 2, 3], messages.oneOf))),
  include: v.optional(v.string()),
});
