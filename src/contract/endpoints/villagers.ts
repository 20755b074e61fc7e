import { endpoint } from '../endpoint';
import { DeleterQuery, SetVillagerRoleInput, UpdateVillagerInput, Villager } from '../villagers';

export const banVillager = endpoint({
  name: 'banVillager',
  method: 'DELETE',
  path: '/v1/villages/{id}/villagers/{villagerId}',
  summary: 'Remove a helper from the village (managers)',
  query: DeleterQuery,
});

export const leaveVillage = endpoint({
  name: 'leaveVillage',
  method: 'PUT',
  path: '/v1/villages/{id}/villagers/{villagerId}/leave',
  summary: 'Leave the village (409 for its last manager)',
  answer: { data: Villager },
});

export const getVillager = endpoint({
  name: 'getVillager',
  method: 'GET',
  path: '/v1/villagers/{id}',
  summary: 'One’s own villager',
  answer: { data: Villager },
});

export const updateVillager = endpoint({
  name: 'updateVillager',
  method: 'POST',
  path: '/v1/villagers/{id}',
  summary: 'Record when one last read the village’s feed',
  status: 200,
  body: UpdateVillagerInput,
  answer: { data: Villager },
});

export const setVillagerRole = endpoint({
  name: 'setVillagerRole',
  method: 'PUT',
  path: '/v1/villages/{id}/villagers/{villagerId}',
  summary: 'Make an active villager a co-organiser or take it back (the creator and the needy person)',
  body: SetVillagerRoleInput,
  answer: { data: Villager },
});
