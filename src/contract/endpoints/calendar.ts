import { endpoint } from '../endpoint';
import { CalendarFeed } from '../calendar';

export const issueMyCalendar = endpoint({
  name: 'issueMyCalendar',
  method: 'POST',
  path: '/v1/users/me/calendar',
  summary: 'A new secret calendar address for my slots (the previous one stops working)',
  answer: { data: CalendarFeed },
});

export const revokeMyCalendar = endpoint({
  name: 'revokeMyCalendar',
  method: 'DELETE',
  path: '/v1/users/me/calendar',
  summary: 'Stop my calendar address',
});

export const issueVillageCalendar = endpoint({
  name: 'issueVillageCalendar',
  method: 'POST',
  path: '/v1/villages/{id}/calendar',
  summary: 'A new secret calendar address for the village’s planning',
  answer: { data: CalendarFeed },
});

export const revokeVillageCalendar = endpoint({
  name: 'revokeVillageCalendar',
  method: 'DELETE',
  path: '/v1/villages/{id}/calendar',
  summary: 'Stop my calendar address of this village',
});

export const calendarFile = endpoint({
  name: 'calendarFile',
  method: 'GET',
  path: '/v1/calendar/{file}',
  summary: 'A calendar subscription (`{token}.ics`, no bearer: the address is the credential)',
  auth: false,
  status: 200,
  answer: { raw: 'text/calendar' },
});
