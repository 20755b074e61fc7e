import { v7 as uuidv7 } from 'uuid';
import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { sendMessage } from './mutations/send-message';

/** A villager writes in the chat: shown at once as waiting, sent by the outbox in order. */
export function sendMessageAction(villageId: string, villagerId: string, body: string): Promise<LocalWrite> {
  return writeLocally(sendMessage, { village_id: villageId, id: uuidv7(), input: { villager_id: villagerId, body } });
}
