import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { AnyEndpoint } from '../../src/contract/endpoint';
import { pathParamNames } from '../../src/contract/endpoint';
import { ApiErrorBody } from '../../src/contract/errors';

type JsonObject = Record<string, unknown>;

/**
 * The wire form of each value is what the contract's schemas take in, so schemas are converted on their
 * input side. What JSON Schema cannot say (a transform, a custom check) is left out rather than refused:
 * the document describes the shape, the server's validation stays the rule.
 */
const CONVERSION: ConversionConfig = { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' };

export function jsonSchema(schema: v.GenericSchema): JsonObject {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, CONVERSION) as JsonObject;
  return rest;
}

const ERROR_REF = '#/components/schemas/ApiErrorBody';
const BEARER = 'bearerAuth';

/** The query parameters, one per property of the query's object schema. */
function queryParameters(schema: v.GenericSchema) {
  const converted = jsonSchema(schema) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(converted.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: converted.required?.includes(name) ?? false,
    schema: property,
  }));
}

function requestBody(endpoint: AnyEndpoint) {
  if (endpoint.body === undefined) return undefined;
  if (endpoint.body === 'multipart') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { photo: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' } },
            required: ['photo'],
          },
        },
      },
    };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } };
}

function success(endpoint: AnyEndpoint) {
  const { answer } = endpoint;
  if (answer === 'empty') return { description: 'Done, nothing to answer' };
  if ('raw' in answer) return { description: 'The file or stream', content: { [answer.raw]: { schema: { type: 'string' } } } };
  const schema =
    'data' in answer ? { type: 'object', properties: { data: jsonSchema(answer.data) }, required: ['data'] } : jsonSchema(answer.body);
  return { description: 'Done', content: { 'application/json': { schema } } };
}

function operation(endpoint: AnyEndpoint) {
  const parameters = [
    ...pathParamNames(endpoint.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(endpoint.query ? queryParameters(endpoint.query) : []),
  ];
  const body = requestBody(endpoint);
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(endpoint.status)]: success(endpoint),
      default: {
        description: 'Refused or failed, with a French message (and, on 422, one per field)',
        content: { 'application/json': { schema: { $ref: ERROR_REF } } },
      },
    },
    ...(endpoint.auth ? { security: [{ [BEARER]: [] }] } : {}),
  };
}

/** The OpenAPI 3.1 document of these endpoints. */
export function buildOpenApiDocument(endpoints: readonly AnyEndpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Village API',
      version: '1',
      description: 'The API of the Village app. Answers are `{ "data": … }`; errors carry a French `message` for the user.',
    },
    paths,
    components: {
      schemas: { ApiErrorBody: jsonSchema(ApiErrorBody) },
      securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: 'The session token given by register or login' } },
    },
  };
}
