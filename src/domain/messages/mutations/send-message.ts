import * as v from 'valibot';
import { SendMessageInput, uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { sendMessage as sendMessageEndpoint } from '../../../contract/endpoints/messages';
import { defineMutation } from '../../../outbox/mutation-kind';

const Payload = v.object({ village_id: uuid, id: uuid, input: SendMessageInput });
export type SendMessagePayload = v.InferOutput<typeof Payload>;

/** A villager writes in the village's chat: shown at once as waiting, sent by the outbox in order. */
export const sendMessage = defineMutation({
  name: 'send-message',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `messages:${p.id}`,
  async apply(db, p, { createdAt }) {
    // Already confirmed by the server (a pull brought it back before the answer was stored): keep that one.
    const known = await db.messages.get(p.id);
    if (known && !known.pending) return;
    await db.messages.put({
      id: p.id,
      village_id: p.village_id,
      villager_id: p.input.villager_id,
      body: p.input.body,
      created_at: createdAt,
      pending: true,
    });
  },
  request: (p) => requestTo(sendMessageEndpoint, { params: { id: p.village_id }, body: { ...p.input, id: p.id } }),
  async settle(db, _p, data) {
    await db.messages.put(data);
  },
  describe: (p) =>
    `Message dans la discussion\u00a0: «\u00a0${p.input.body.length > 40 ? `${p.input.body.slice(0, 40)}…` : p.input.body}\u00a0»`,
});
