import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as errorMessages from '../../src/contract/error-messages';

export interface FieldError {
  field: string;
  message: string;
}

/** A failure the client is meant to see: its French message goes out as is. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The French messages of the answers, kept in the contract: the app shows some of them too. */
export const text = errorMessages;

/** The 404 of a path no route serves. */
export const answerRouteNotFound = (c: Context) => c.json({ message: text.routeNotFound, http_code: 404 }, 404);

export const unauthenticated = () => new HttpError(401, text.unauthenticated);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const invalid = (errors: FieldError[], message: string = text.invalid) => new HttpError(422, message, errors);
