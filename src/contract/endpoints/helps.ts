import { endpoint } from '../endpoint';
import { ActingVillager } from '../needs';
import { CreateHelpInput, Help, HelpsPage, HelpsQuery, UpdateHelpInput } from '../helps';

export const addHelp = endpoint({
  name: 'addHelp',
  method: 'POST',
  path: '/v1/villages/{id}/needs/{needId}/helps',
  summary: 'Take a slot on a need',
  body: CreateHelpInput,
  answer: { data: Help },
});

export const deleteHelp = endpoint({
  name: 'deleteHelp',
  method: 'DELETE',
  path: '/v1/villages/{id}/helps/{helpId}',
  summary: 'Withdraw a help (its helper, or a manager)',
  query: ActingVillager,
});

export const refuseHelp = endpoint({
  name: 'refuseHelp',
  method: 'DELETE',
  path: '/v1/villages/{id}/helps/{helpId}/refuse',
  summary: 'Turn someone’s help down (managers)',
  query: ActingVillager,
});

export const updateHelp = endpoint({
  name: 'updateHelp',
  method: 'PUT',
  path: '/v1/villages/{id}/helps/{helpId}',
  summary: 'Change one’s note on one’s help',
  body: UpdateHelpInput,
  answer: { data: Help },
});

export const listHelps = endpoint({
  name: 'listHelps',
  method: 'GET',
  path: '/v1/villages/{id}/helps',
  summary:
    'The village’s helps that started before an instant or a help, newest first, a page at a time (the village itself brings the recent ones)',
  query: HelpsQuery,
  answer: { body: HelpsPage },
});
