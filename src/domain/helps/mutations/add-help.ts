import * as v from 'valibot';
import { CreateHelpInput, uuid, type Help } from '../../../contract';
import { formatMoment, formatSlotStart } from '../../../contract/french-time';
import { requestTo } from '../../../contract/endpoint';
import { addHelp as addHelpEndpoint } from '../../../contract/endpoints/helps';
import { defineMutation } from '../../../outbox/mutation-kind';

/**
 * `need_name`, `time_zone` and `slot` (a scheduled slot taken, not a time of the helper's choosing) are not
 * sent: they let the list of refused changes say which slot it was ("Créneau du mercredi 17 mars, 19 h sur
 * « Dîner »") after the need may be gone. Optional, so entries queued before them stay valid.
 */
const Payload = v.object({
  village_id: uuid,
  village_need_id: uuid,
  id: uuid,
  input: CreateHelpInput,
  need_name: v.optional(v.string()),
  time_zone: v.optional(v.string()),
  slot: v.optional(v.boolean()),
});
export type AddHelpPayload = v.InferOutput<typeof Payload>;

/** "mardi 1er décembre à 10 h", in the app's time zone. */
export const slotTime = (iso: string) => formatMoment(iso);

/** A help as stored on the device: without the copy of its need an answer may carry (the needs table has it). */
export const withoutNeedCopy = ({ village_need: _copy, ...help }: Help): Help => help;

/** A helper takes a slot on a need. */
export const addHelp = defineMutation({
  name: 'add-help',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.id}`,
  async apply(db, p, { createdAt }) {
    const need = await db.needs.get(p.village_need_id);
    // A help on a need that is gone (deleted meanwhile) has nowhere to show; the server will say so.
    if (!need) return;
    await db.helps.put({
      id: p.id,
      village_id: p.village_id,
      village_need_id: p.village_need_id,
      helper_id: p.input.helper_id,
      start_date: new Date(p.input.start_date).toISOString(),
      end_date: p.input.end_date ? new Date(p.input.end_date).toISOString() : null,
      comment: p.input.comment ?? null,
      created_at: createdAt,
      done_at: null,
      thanks_count: 0,
      thanks_message: null,
      replacement_asked_at: null,
    });
  },
  request: (p) => requestTo(addHelpEndpoint, { params: { id: p.village_id, needId: p.village_need_id }, body: { ...p.input, id: p.id } }),
  async settle(db, p, data) {
    // A later write still waiting (deleting the need) may have taken the help away with its need: the
    // answer must not bring it back. Stored lean, as a pull stores helps: their need is in the needs table.
    const need = await db.needs.get(p.village_need_id);
    if (!need) return;
    await db.helps.put(withoutNeedCopy(data));
    // Taking the slot opens the need's address and door code: kept at once for the slot card, offline too,
    // before the next pull brings them. Only those fields: a pending edit of the need keeps the rest.
    const copy = data.village_need;
    if (need.details_hidden && copy && !copy.details_hidden) {
      await db.needs.update(need.id, { address: copy.address, access: copy.access, details_hidden: false });
    }
  },
  describe: (p) => {
    if (p.slot && p.need_name !== undefined)
      return `Créneau du ${formatSlotStart(p.input.start_date, p.time_zone)} sur «\u00a0${p.need_name}\u00a0»`;
    const on = p.need_name !== undefined ? ` sur «\u00a0${p.need_name}\u00a0»` : '';
    return `Proposition d'aide du ${slotTime(p.input.start_date)}${on}`;
  },
});
