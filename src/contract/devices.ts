import * as v from 'valibot';
import { boundedArray } from './bounded-array';
import { isoDateTime, uuid } from './fields';
import { messages } from './form-messages';

/** At most this many writes are described to the server: enough to name what a person typed, bounded for the row. */
export const MAX_DESCRIBED_WRITES = 20;
/** Each description is cut to this length by the app before it is sent (the server refuses longer). */
export const MAX_DESCRIPTION_LENGTH = 140;

/**
 * What this device's local store holds that the server has not got yet (PUT /v1/users/me/device): the store's
 * id (made once per IndexedDB store and kept in it), how many writes wait, since when, and what the first
 * ones are, in French. The server keeps the last one per device cookie and user, so that when the store is
 * wiped (Safari's eviction of script-writable storage) it can say what was waiting (docs/api-decisions.md).
 */
export const DeviceCheckInInput = v.strictObject({
  store_id: uuid,
  pending_count: v.pipe(
    v.number(messages.wrongType),
    v.integer(messages.wrongType),
    v.minValue(0, messages.numberMin(-1)),
    v.maxValue(1_000_000, messages.oneOf),
  ),
  oldest_pending_at: v.nullable(isoDateTime),
  pending: boundedArray(
    v.pipe(v.string(messages.wrongType), v.maxLength(MAX_DESCRIPTION_LENGTH, messages.maxLength(MAX_DESCRIPTION_LENGTH))),
    MAX_DESCRIBED_WRITES,
    messages.oneOf,
    messages.wrongType,
  ),
  /** The person saw the notice of a lost store: the server forgets it. */
  acknowledge_lost: v.optional(v.boolean(messages.wrongType)),
});
export type DeviceCheckInInput = v.InferOutput<typeof DeviceCheckInInput>;

/**
 * A previous local store of this device, for this person, that is gone while it may have held writes not
 * sent: when it last reached the server, what was waiting then (count, oldest, up to 20 descriptions).
 * Writes typed after `last_contact_at` were never told to the server: only that some may exist is known.
 */
export const LostStore = v.object({
  last_contact_at: v.string(),
  pending_count: v.number(),
  oldest_pending_at: v.nullable(v.string()),
  pending: v.array(v.string()),
});
export type LostStore = v.InferOutput<typeof LostStore>;

export const DeviceCheckIn = v.object({ lost: v.nullable(LostStore) });
export type DeviceCheckIn = v.InferOutput<typeof DeviceCheckIn>;
