import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import {
  askReplacement as askEndpoint,
  cancelReplacement as cancelEndpoint,
  takeOverHelp as takeOverEndpoint,
} from '../../../contract/endpoints/replacement';
import { formatSlotStart } from '../../../contract/french-time';
import { defineMutation } from '../../../outbox/mutation-kind';
import { withoutNeedCopy } from './add-help';
import { settleHelp } from './close-help';

/**
 * `need_name`, `start_date` and `time_zone` are not sent: they let the list of refused changes say which
 * slot it was after the help may be gone (« Relais du mercredi 17 mars, 19 h sur « Dîner » »).
 */
const context = {
  need_name: v.optional(v.string()),
  start_date: v.optional(v.string()),
  time_zone: v.optional(v.string()),
};
const RequestPayload = v.object({ village_id: uuid, help_id: uuid, villager_id: uuid, ...context });
export type ReplacementPayload = v.InferOutput<typeof RequestPayload>;

/** `id` is the new help's, shown at once in the old one's place; `help_id` the help taken over. */
const TakeOverPayload = v.object({ village_id: uuid, help_id: uuid, id: uuid, helper_id: uuid, ...context });
export type TakeOverPayload = v.InferOutput<typeof TakeOverPayload>;

type Context = { need_name?: string; start_date?: string; time_zone?: string };
const which = (what: string, p: Context) =>
  `${what}${p.start_date ? ` du ${formatSlotStart(p.start_date, p.time_zone)}` : ''}${p.need_name ? ` sur «\u00a0${p.need_name}\u00a0»` : ''}`;

/** « Je ne peux plus » → « Chercher un remplaçant »: the helper keeps the slot, the circle is asked. */
export const askReplacement = defineMutation({
  name: 'ask-replacement',
  payload: RequestPayload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.help_id}`,
  async apply(db, p, { createdAt }) {
    const help = await db.helps.get(p.help_id);
    // Asked twice, the first moment stays, as on the server.
    if (help && !help.replacement_asked_at) await db.helps.update(p.help_id, { replacement_asked_at: createdAt });
  },
  request: (p) => requestTo(askEndpoint, { params: { id: p.village_id, helpId: p.help_id }, body: { helper_id: p.villager_id } }),
  settle: (db, _p, data) => settleHelp(db, data),
  describe: (p) => which('Demande de remplacement', p),
});

/** The helper can come after all: the request is taken back, the slot stays theirs. */
export const cancelReplacement = defineMutation({
  name: 'cancel-replacement',
  payload: RequestPayload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.help_id}`,
  async apply(db, p) {
    if (await db.helps.get(p.help_id)) await db.helps.update(p.help_id, { replacement_asked_at: null });
  },
  request: (p) => requestTo(cancelEndpoint, { params: { id: p.village_id, helpId: p.help_id }, query: { villager_id: p.villager_id } }),
  settle: (db, _p, data) => settleHelp(db, data),
  describe: (p) => which('Annulation de la demande de remplacement', p),
});

/**
 * « Je prends le relais »: the old help gives way to the taker's at once, offline too. Someone faster makes
 * the server refuse it by name (« Claire a déjà pris le relais. »); the pull after the refusal puts the slot
 * back as it is.
 */
export const takeOverHelp = defineMutation({
  name: 'take-over-help',
  payload: TakeOverPayload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.id}`,
  async apply(db, p, { createdAt }) {
    const old = await db.helps.get(p.help_id);
    if (!old) return;
    await db.helps.delete(p.help_id);
    await db.helps.put({
      ...old,
      id: p.id,
      helper_id: p.helper_id,
      comment: null,
      created_at: createdAt,
      done_at: null,
      thanks_count: 0,
      thanks_message: null,
      replacement_asked_at: null,
    });
  },
  request: (p) =>
    requestTo(takeOverEndpoint, { params: { id: p.village_id, helpId: p.help_id }, body: { id: p.id, helper_id: p.helper_id } }),
  async settle(db, p, data) {
    // A later write still waiting (the taker withdrew again) may have removed it: the answer must not bring it back.
    if (!(await db.helps.get(p.id))) return;
    await db.helps.put(withoutNeedCopy(data));
  },
  describe: (p) => which('Relais', p),
});

export const replacementKinds = [askReplacement, cancelReplacement, takeOverHelp];
