import { endpoint } from '../endpoint';
import { ChatMessage, MessagesPage, MessagesQuery, SendMessageInput } from '../messages';

export const listMessages = endpoint({
  name: 'listMessages',
  method: 'GET',
  path: '/v1/villages/{id}/messages',
  summary: 'The village’s chat, newest first, a page before a message or an instant',
  query: MessagesQuery,
  answer: { body: MessagesPage },
});

export const sendMessage = endpoint({
  name: 'sendMessage',
  method: 'POST',
  path: '/v1/villages/{id}/messages',
  summary: 'Post a message in the village’s chat',
  body: SendMessageInput,
  answer: { data: ChatMessage },
});
