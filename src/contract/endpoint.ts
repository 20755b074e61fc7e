import type * as v from 'valibot';

/**
 * One call of /v1, declared once: the client builds its requests from it, the server registers its route
 * from it and validates with its schemas, the OpenAPI document is generated from it. Changing a path or a
 * body is then a compile error on both sides rather than a 404 found in production.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a successful answer carries. */
export type AnswerSpec =
  /** `{ "data": … }`, validated by the schema. */
  | { data: v.GenericSchema }
  /** A JSON body that is more than `data` (a page with `pages` or `has_more`), validated whole. */
  | { body: v.GenericSchema }
  /** No content (204). */
  | 'empty'
  /** Not JSON (an iCalendar file, a server-sent event stream): read by something else than the transport. */
  | { raw: string };

export type BodySpec = v.GenericSchema | 'multipart' | undefined;

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  B extends BodySpec = BodySpec,
  Q extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  A extends AnswerSpec = AnswerSpec,
> {
  /** A stable name (the OpenAPI operationId). */
  name: string;
  method: M;
  /** The path template, OpenAPI style: `/v1/villages/{id}/needs/{needId}`. */
  path: P;
  summary: string;
  /** Whether the call needs a signed-in user's bearer token. */
  auth: boolean;
  /** The success status the server answers (the first one when it may answer two). */
  status: 200 | 201 | 204;
  body: B;
  query: Q;
  answer: A;
}

export type AnyEndpoint = Endpoint<Method, string, BodySpec, v.GenericSchema | undefined, AnswerSpec>;

/**
 * Declares an endpoint, keeping its literal types (method, path, schemas) for both sides. Marked free of
 * side effects so that a bundle keeps only the endpoints (and their schemas) its screens call.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  const M extends Method,
  const P extends string,
  B extends BodySpec = undefined,
  Q extends v.GenericSchema | undefined = undefined,
  A extends AnswerSpec = 'empty',
>(definition: {
  name: string;
  method: M;
  path: P;
  summary: string;
  auth?: boolean;
  status?: 200 | 201 | 204;
  body?: B;
  query?: Q;
  answer?: A;
}): Endpoint<M, P, B, Q, A> {
  const answer = (definition.answer ?? 'empty') as A;
  return {
    auth: true,
    status: answer === 'empty' ? 204 : definition.method === 'POST' ? 201 : 200,
    body: undefined as B,
    query: undefined as Q,
    ...definition,
    answer,
  };
}

/** The names in a path template: `/v1/villages/{id}/needs/{needId}` gives `'id' | 'needId'`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamName<Rest> : never;
export type PathParams<P extends string> = { [K in PathParamName<P>]: string };

const PARAM = /\{(\w+)\}/g;

/** The path with its parameters filled in (each encoded). */
export function fillPath<P extends string>(path: P, params: PathParams<P>): string {
  return path.replace(PARAM, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]));
}

/** The parameter names of a path template, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(PARAM)].map((m) => m[1]);

type NoKeys = Record<never, never>;

/** What a caller gives to make the request: path parameters, body and query, each only where the call has one. */
export type CallArgs<E extends AnyEndpoint> = ([PathParamName<E['path']>] extends [never] ? NoKeys : { params: PathParams<E['path']> }) &
  (E['body'] extends v.GenericSchema ? { body: v.InferInput<E['body']> } : E['body'] extends 'multipart' ? { body: FormData } : NoKeys) &
  (E['query'] extends v.GenericSchema ? { query?: { [K in keyof v.InferInput<E['query']>]?: string | number } } : NoKeys);

/** What a successful call answers, once validated. */
export type AnswerOf<E extends AnyEndpoint> = E['answer'] extends { data: infer S extends v.GenericSchema }
  ? v.InferOutput<S>
  : E['answer'] extends { body: infer S extends v.GenericSchema }
    ? v.InferOutput<S>
    : null;

/** The body a handler reads once the server validated it. */
export type BodyOf<E extends AnyEndpoint> = E['body'] extends v.GenericSchema ? v.InferOutput<E['body']> : undefined;
export type QueryOf<E extends AnyEndpoint> = E['query'] extends v.GenericSchema ? v.InferOutput<E['query']> : undefined;

/** A request ready to send: the endpoint and its arguments, typed together (a queued write's request). */
export interface EndpointRequest<E extends AnyEndpoint = AnyEndpoint> {
  endpoint: E;
  args: CallArgs<E>;
}

export const requestTo = <E extends AnyEndpoint>(endpoint: E, args: CallArgs<E>): EndpointRequest<E> => ({ endpoint, args });
