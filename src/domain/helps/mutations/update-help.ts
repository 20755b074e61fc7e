import * as v from 'valibot';
import { UpdateHelpInput, uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { updateHelp as updateHelpEndpoint } from '../../../contract/endpoints/helps';
import { defineMutation } from '../../../outbox/mutation-kind';
import { withoutNeedCopy } from './add-help';

const Payload = v.object({ village_id: uuid, help_id: uuid, input: UpdateHelpInput });
export type UpdateHelpPayload = v.InferOutput<typeof Payload>;

/** A helper's note on their help ("j'apporte une soupe"), added after taking a slot or changed later. */
export const updateHelp = defineMutation({
  name: 'update-help',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `helps:${p.help_id}`,
  async apply(db, p) {
    // The help may be gone (withdrawn meanwhile, or its take refused): nothing to write a note on here.
    await db.helps.update(p.help_id, { comment: p.input.comment ?? null });
  },
  request: (p) => requestTo(updateHelpEndpoint, { params: { id: p.village_id, helpId: p.help_id }, body: p.input }),
  async settle(db, p, data) {
    // Same care as add-help: a help withdrawn by a later write must not come back.
    if (!(await db.helps.get(p.help_id))) return;
    await db.helps.put(withoutNeedCopy(data));
  },
  describe: (p) => (p.input.comment ? `Mot sur votre aide\u00a0: «\u00a0${p.input.comment}\u00a0»` : 'Mot sur votre aide retiré'),
});
