import { endpoint } from '../endpoint';
import { ActionsPage, ActionsQuery } from '../actions';

export const listActions = endpoint({
  name: 'listActions',
  method: 'GET',
  path: '/v1/villages/{id}/actions',
  summary: 'The village’s feed, a page at a time, with the number of pages',
  query: ActionsQuery,
  answer: { body: ActionsPage },
});
