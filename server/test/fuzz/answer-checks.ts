/**
 * What every answer must be, whatever was sent: never a 5xx; a refusal is JSON in the French error shape
 * `{ message, http_code, errors? }`. Each check answers the problems it sees, as sentences for the report.
 */

/** Valibot's English defaults (and other English) must never reach a client: the idea of bad-input.test.ts. */
export const ENGLISH = /\b(invalid|expected|received|required|must|should|error|not found|unexpected|missing|internal server)\b/i;

export interface SentAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body read as JSON, undefined when it is not JSON (or was a stream, not read). */
  json: unknown;
}

/** The problems of one status and body: the request's answer, or one write's answer inside a batch. */
export function bodyProblems(status: number, body: unknown, contentType: string | null): string[] {
  if (status >= 500) return [`answered ${status}`];
  if (status < 400) return [];
  const problems: string[] = [];
  if (contentType !== null && !/^application\/json\b/.test(contentType)) problems.push(`a ${status} in ${contentType}, not JSON`);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [...problems, `a ${status} whose body is not a JSON object`];
  const error = body as Record<string, unknown>;
  const extra = Object.keys(error).filter((k) => !['message', 'http_code', 'errors'].includes(k));
  if (extra.length) problems.push(`a ${status} with other keys than message, http_code, errors: ${extra.join(', ')}`);
  if (error.http_code !== status) problems.push(`a ${status} whose http_code is ${JSON.stringify(error.http_code)}`);
  const messages: unknown[] = [error.message];
  if (error.errors !== undefined) {
    if (!Array.isArray(error.errors)) problems.push(`a ${status} whose errors is not a list`);
    else {
      for (const item of error.errors as unknown[]) {
        const e = item as Record<string, unknown> | null;
        if (!e || typeof e.field !== 'string' || typeof e.message !== 'string' || Object.keys(e).length !== 2) {
          problems.push(`a ${status} with an error not shaped { field, message }: ${JSON.stringify(item).slice(0, 120)}`);
        } else messages.push(e.message);
      }
    }
  }
  for (const message of messages) {
    if (typeof message !== 'string' || message.trim() === '') problems.push(`a ${status} without a message`);
    else if (ENGLISH.test(message)) problems.push(`a ${status} in English: "${message.slice(0, 120)}"`);
  }
  return problems;
}

export const answerProblems = (answer: SentAnswer) => bodyProblems(answer.status, answer.json, answer.headers.get('Content-Type'));

/** The message of an answer, for grouping findings: its French message or the start of its text. */
export function messageOf(answer: { json: unknown; text: string }): string {
  const message = (answer.json as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : answer.text.slice(0, 120);
}
