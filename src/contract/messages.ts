import * as v from 'valibot';
import { messages } from './form-messages';
import { isoDateTime, queryCount, text, uuid } from './fields';

/** The longest chat message, in characters once trimmed. */
export const CHAT_MESSAGE_MAX = 2000;
/** Page size of the chat: the newest page first, then older ones on demand. */
export const CHAT_PAGE_SIZE = 30;
/**
 * Messages one account may write in one village's chat in any minute, all at once if it likes: a queue
 * typed offline goes that many at a time (the outbox waits the server's Retry-After for the rest).
 */
export const CHAT_MESSAGES_PER_MINUTE = 30;
export const chatTooFast = `Vous avez envoyé ${CHAT_MESSAGES_PER_MINUTE} messages en une minute\u00a0: patientez un instant avant d’en envoyer d’autres.`;

/** One message of a village's chat. Plain text: nothing in it is ever read as HTML. */
export const ChatMessage = v.object({
  id: v.string(),
  village_id: v.string(),
  villager_id: v.string(),
  body: v.string(),
  created_at: v.string(),
  // The author's first name, so a message reads well even when its author has left or deleted their account.
  first_name: v.optional(v.nullable(v.string())),
});
export type ChatMessage = v.InferOutput<typeof ChatMessage>;

export const SendMessageInput = v.strictObject({
  id: v.optional(uuid),
  villager_id: uuid,
  body: text(CHAT_MESSAGE_MAX),
});
export type SendMessageInput = v.InferOutput<typeof SendMessageInput>;

/** `before`: the messages older than this one (its id) or than this instant. */
export const MessagesQuery = v.object({
  before: v.optional(v.union([uuid, isoDateTime], messages.wrongType)),
  limit: v.optional(queryCount(100), String(CHAT_PAGE_SIZE)),
});

export const MessagesPage = v.object({ data: v.array(ChatMessage), has_more: v.boolean() });
export type MessagesPage = v.InferOutput<typeof MessagesPage>;
