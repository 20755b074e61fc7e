import * as v from 'valibot';
import { endpoint } from '../endpoint';
import {
  CloseVillageInput,
  CreateVillageInput,
  FinishCreationInput,
  OpenValidationInput,
  ReopenVillageInput,
  UpdateVillageInput,
  Village,
  VillageQuery,
  VillagesQuery,
} from '../villages';
import { DeleterQuery, JoinVillageInput, Villager } from '../villagers';
import { JoinPreview, JoinPreviewQuery } from '../join-preview';

export const listVillages = endpoint({
  name: 'listVillages',
  method: 'GET',
  path: '/v1/villages',
  summary: 'The villages the signed-in user is an active member of',
  query: VillagesQuery,
  answer: { data: v.array(Village) },
});

export const listUserVillages = endpoint({
  name: 'listUserVillages',
  method: 'GET',
  path: '/v1/users/{id}/villages',
  summary: 'The same, for oneself only',
  query: VillagesQuery,
  answer: { data: v.array(Village) },
});

export const createVillage = endpoint({
  name: 'createVillage',
  method: 'POST',
  path: '/v1/villages',
  summary: 'Create a village (with its creator’s villager)',
  body: CreateVillageInput,
  answer: { data: Village },
});

export const getVillage = endpoint({
  name: 'getVillage',
  method: 'GET',
  path: '/v1/villages/{id}',
  summary: 'A village, with the relations `include` asks for and the helps from `helps_from` on (ETag, gzip)',
  query: VillageQuery,
  answer: { data: Village },
});

export const updateVillage = endpoint({
  name: 'updateVillage',
  method: 'PUT',
  path: '/v1/villages/{id}',
  summary: 'Change a village’s fields (managers)',
  body: UpdateVillageInput,
  answer: { data: Village },
});

export const uploadVillagePhoto = endpoint({
  name: 'uploadVillagePhoto',
  method: 'POST',
  path: '/v1/villages/{id}/photo',
  summary: 'Replace the village’s photo (multipart field `photo`, managers)',
  status: 200,
  body: 'multipart',
  answer: { data: Village },
});

export const finishCreation = endpoint({
  name: 'finishCreation',
  method: 'PUT',
  path: '/v1/villages/{id}/fc',
  summary: 'End the creation: the village waits for validation',
  body: FinishCreationInput,
  answer: { data: Village },
});

export const openVillage = endpoint({
  name: 'openVillage',
  method: 'PUT',
  path: '/v1/villages/{id}/vo',
  summary: 'Open the village to helpers',
  body: OpenValidationInput,
  answer: { data: Village },
});

export const joinVillage = endpoint({
  name: 'joinVillage',
  method: 'PUT',
  path: '/v1/villages/join/helper',
  summary: 'Join a village by its share code (201 new, 200 already or back)',
  status: 201,
  body: JoinVillageInput,
  answer: { data: Villager },
});

export const previewJoin = endpoint({
  name: 'previewJoin',
  method: 'GET',
  path: '/v1/villages/join/preview',
  summary:
    'Where a join link leads, for a visitor not signed in yet: the village’s name, the first name of the person it is for, its photo (rate-limited)',
  auth: false,
  query: JoinPreviewQuery,
  answer: { data: JoinPreview },
});

export const closeVillage = endpoint({
  name: 'closeVillage',
  method: 'PUT',
  path: '/v1/villages/{id}/close',
  summary:
    'Close the village when care ends (organisers): future helps are released, mails stop, members get one last mail; it stays readable and refuses every write with a 409',
  body: CloseVillageInput,
  answer: { data: Village },
});

export const reopenVillage = endpoint({
  name: 'reopenVillage',
  method: 'PUT',
  path: '/v1/villages/{id}/reopen',
  summary: 'Reopen a closed village (organisers), within 30 days of its closing; a 409 after',
  body: ReopenVillageInput,
  answer: { data: Village },
});

export const deleteVillage = endpoint({
  name: 'deleteVillage',
  method: 'DELETE',
  path: '/v1/villages/{id}',
  summary: 'Delete a village for good, with everything in it and its photos (organisers)',
  query: DeleterQuery,
});
