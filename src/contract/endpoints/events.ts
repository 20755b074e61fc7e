import * as v from 'valibot';
import { endpoint } from '../endpoint';

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
