import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { markHelpDone as markHelpDoneEndpoint, thankHelper as thankHelperEndpoint } from '../../../contract/endpoints/help-thanks';
import { ThanksInput } from '../../../contract/help-thanks';
import type { Help } from '../../../contract';
import type { VillageDatabase } from '../../../db/database';
import { defineMutation } from '../../../outbox/mutation-kind';
import { withoutNeedCopy } from './add-help';

/** `need_name` is not sent: it lets the list of refused changes say which help it was. */
const DonePayload = v.object({ village_id: uuid, help_id: uuid, villager_id: uuid, need_name: v.optional(v.string()) });
export type MarkHelpDonePayload = v.InferOutput<typeof DonePayload>;

const ThankPayload = v.object({ village_id: uuid, help_id: uuid, input: ThanksInput, need_name: v.optional(v.string()) });
export type ThankHelperPayload = v.InferOutput<typeof ThankPayload>;

const onNeed = (name: string | undefined) => (name ? ` sur «\u00a0${name}\u00a0»` : '');

/** The server's answer replaces the local guess, unless the help went meanwhile (withdrawn by a later write). */
export async function settleHelp(db: VillageDatabase, data: Help) {
  if (!(await db.helps.get(data.id))) return;
  await db.helps.put(withoutNeedCopy(data));
}

/** The thanks as the server records it: done too if it was not, one more thanks, the latest word kept. */
export const thankedLocally = (help: Help, message: string | null | undefined, at: string): Partial<Help> => ({
  done_at: help.done_at ?? at,
  thanks_count: help.thanks_count + 1,
  thanks_message: message ?? help.thanks_message,
});

/** « C'est fait »: its helper or an organiser says a past help was done. */
export const markHelpDone = defineMutation({
  name: 'mark-help-done',
  payload: DonePayload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.help_id}`,
  async apply(db, p, { createdAt }) {
    const help = await db.helps.get(p.help_id);
    // Said twice, the first moment stays, as on the server.
    if (help && !help.done_at) await db.helps.update(p.help_id, { done_at: createdAt });
  },
  request: (p) =>
    requestTo(markHelpDoneEndpoint, { params: { id: p.village_id, helpId: p.help_id }, body: { villager_id: p.villager_id } }),
  settle: (db, _p, data) => settleHelp(db, data),
  describe: (p) => `«\u00a0C'est fait\u00a0»${onNeed(p.need_name)}`,
});

/** « Merci »: an organiser or the person helped thanks a help's helper, with an optional word. */
export const thankHelper = defineMutation({
  name: 'thank-helper',
  payload: ThankPayload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.help_id}`,
  async apply(db, p, { createdAt }) {
    const help = await db.helps.get(p.help_id);
    if (help) await db.helps.update(p.help_id, thankedLocally(help, p.input.message, createdAt));
  },
  request: (p) => requestTo(thankHelperEndpoint, { params: { id: p.village_id, helpId: p.help_id }, body: p.input }),
  settle: (db, _p, data) => settleHelp(db, data),
  describe: (p) => `Remerciement${onNeed(p.need_name)}`,
});
