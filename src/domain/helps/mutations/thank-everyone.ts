import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { thankEveryone as thankEveryoneEndpoint } from '../../../contract/endpoints/help-thanks';
import { THANK_ALL_MAX, ThanksInput, thankableThisWeek } from '../../../contract/help-thanks';
import { defineMutation } from '../../../outbox/mutation-kind';
import { settleHelp, thankedLocally } from './close-help';

const Payload = v.object({ village_id: uuid, input: ThanksInput });
export type ThankEveryonePayload = v.InferOutput<typeof Payload>;

/**
 * « Merci à tous »: every helper of the past week not thanked yet, at once. Applied here with the server's
 * rule (src/contract/help-thanks.ts) on the helps this device has, oldest first and capped as the server caps.
 */
export const thankEveryone = defineMutation({
  name: 'thank-everyone',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `thanks:${p.village_id}`,
  async apply(db, p, { createdAt }) {
    const at = Date.parse(createdAt);
    const helps = (await db.helps.where('village_id').equals(p.village_id).toArray())
      .filter((help) => thankableThisWeek(help, p.input.thanker_id, at))
      .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id.localeCompare(b.id))
      .slice(0, THANK_ALL_MAX);
    for (const help of helps) await db.helps.update(help.id, thankedLocally(help, p.input.message, createdAt));
  },
  request: (p) => requestTo(thankEveryoneEndpoint, { params: { id: p.village_id }, body: p.input }),
  async settle(db, _p, data) {
    for (const help of data) await settleHelp(db, help);
  },
  describe: () => 'Merci à tous',
});
