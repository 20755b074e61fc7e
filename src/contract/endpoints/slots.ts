import { endpoint } from '../endpoint';
import { SlotsPage, SlotsQuery } from '../slots';

export const listSlots = endpoint({
  name: 'listSlots',
  method: 'GET',
  path: '/v1/villages/{id}/slots',
  summary: 'The occurrences of the village’s scheduled needs between two instants (at most 366 days), with who holds them',
  query: SlotsQuery,
  answer: { body: SlotsPage },
});
