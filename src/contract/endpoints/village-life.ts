import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { ActionsPage, ActionsQuery } from '../actions';
import { ChatMessage, MessagesPage, MessagesQuery, SendMessageInput } from '../messages-chat';
import { NeedCategory } from '../categories';

export const listActions = endpoint({
  name: 'listActions',
  method: 'GET',
  path: '/v1/villages/{id}/actions',
  summary: 'The village’s feed, a page at a time, with the number of pages',
  query: ActionsQuery,
  answer: { body: ActionsPage },
});

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

export const EventTicket = v.object({ ticket: v.string(), expires_at: v.string() });

export const issueEventTicket = endpoint({
  name: 'issueEventTicket',
  method: 'POST',
  path: '/v1/villages/{id}/events/ticket',
  summary: 'A one-minute ticket that opens the village’s event stream',
  status: 200,
  answer: { data: EventTicket },
});

export const villageEvents = endpoint({
  name: 'villageEvents',
  method: 'GET',
  path: '/v1/villages/{id}/events',
  summary: 'The village’s changes as server-sent events (`?ticket=`, no bearer: an EventSource cannot send one)',
  auth: false,
  status: 200,
  query: v.object({ ticket: v.optional(v.string()) }),
  answer: { raw: 'text/event-stream' },
});

export const listCategories = endpoint({
  name: 'listCategories',
  method: 'GET',
  path: '/v1/need_categories',
  summary: 'The need catalogue’s categories (`include=needs` brings their needs)',
  query: v.object({ include: v.optional(v.string()) }),
  answer: { data: v.array(NeedCategory) },
});
