import * as v from 'valibot';
import { messages } from './form-messages';
import { queryCount } from './fields';

/** Page size of the action feed (spec section 9). */
export const ACTIONS_PER_PAGE = 10;

export const ACTION_TYPES = [
  'village_created',
  'village_updated',
  'village_photo_updated',
  'village_creation_finished',
  'village_opened',
  'need_added',
  'need_updated',
  'need_deleted',
  'help_added',
  'help_deleted',
  'help_refused',
  'villager_joined',
  'villager_banned',
  'villager_left',
  // Schedules and slots (issue 14).
  'help_released',
  'help_withdrawn_late',
  'villager_role_changed',
  // News (issue 41).
  'news_published',
  // Replacements (issue 42).
  'help_replacement_asked',
  'help_taken_over',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** One item of a village's notification feed. `data` keeps what a sentence needs, even after deletions. */
export const Action = v.object({
  id: v.string(),
  village_id: v.string(),
  villager_id: v.nullable(v.string()),
  type: v.picklist(ACTION_TYPES),
  created_at: v.string(),
  data: v.record(v.string(), v.unknown()),
});
export type Action = v.InferOutput<typeof Action>;

export const ActionsQuery = v.object({
  per_page: v.optional(queryCount(50), String(ACTIONS_PER_PAGE)),
  page: v.optional(queryCount(100000), '1'),
  sort: v.optional(v.picklist(['-created_at', 'created_at'], messages.oneOf), '-created_at'),
});

export const ActionsPage = v.object({ data: v.array(Action), pages: v.number() });
