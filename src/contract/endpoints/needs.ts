import { endpoint } from '../endpoint';
import { ActingVillager, VillageNeed } from '../needs';
import { CreateNeedInput, UpdateNeedInput } from '../needs-input';

export const createNeed = endpoint({
  name: 'createNeed',
  method: 'POST',
  path: '/v1/villages/{id}/needs',
  summary: 'Add a need to a village (managers)',
  body: CreateNeedInput,
  answer: { data: VillageNeed },
});

export const updateNeed = endpoint({
  name: 'updateNeed',
  method: 'PUT',
  path: '/v1/villages/{id}/needs/{needId}',
  summary: 'Change a need (managers)',
  body: UpdateNeedInput,
  answer: { data: VillageNeed },
});

export const deleteNeed = endpoint({
  name: 'deleteNeed',
  method: 'DELETE',
  path: '/v1/villages/{id}/needs/{needId}',
  summary: 'Delete a need and its helps (managers; acting villager in the query or the body)',
  query: ActingVillager,
});
