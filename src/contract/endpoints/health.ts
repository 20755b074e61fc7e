import * as v from 'valibot';
import { endpoint } from '../endpoint';

export const health = endpoint({
  name: 'health',
  method: 'GET',
  path: '/v1/health',
  summary: 'Whether the server answers',
  auth: false,
  answer: { data: v.object({ status: v.string() }) },
});

export const openApiDocument = endpoint({
  name: 'openApiDocument',
  method: 'GET',
  path: '/v1/openapi.json',
  summary: 'This API described in OpenAPI 3.1, generated from the endpoint table',
  auth: false,
  answer: {
    body: v.looseObject({
      openapi: v.string(),
      info: v.looseObject({ title: v.string(), version: v.string() }),
      paths: v.record(v.string(), v.unknown()),
    }),
  },
});
