import type { OutboxEntry } from '../db/database';
import type { AnyEndpoint, CallArgs } from '../contract/endpoint';
import { MAX_BATCH_WRITES, runBatch, type BatchWrite } from '../contract/endpoints/batch';
import { buildRequest, resultOf, send, type TransportEnv } from '../api/transport';
import type { ApiFailure, ApiResult } from '../api/failure';
import type { MutationKind } from './mutation-kind';

export { MAX_BATCH_WRITES };

/** An entry ready to go, with the request its kind makes of it. */
export interface Outgoing {
  entry: OutboxEntry;
  endpoint: AnyEndpoint;
  args: CallArgs<AnyEndpoint>;
}

export const outgoing = (entry: OutboxEntry, kind: MutationKind): Outgoing => {
  const { endpoint, args } = kind.request(entry.payload);
  return { entry, endpoint, args: args as CallArgs<AnyEndpoint> };
};

/** A photo goes alone: a batch carries JSON bodies only. */
export const batchable = ({ args }: Outgoing) => !((args as { body?: unknown }).body instanceof FormData);

export type BatchOutcome =
  /** One result per write, in order; fewer than the writes when the server stopped at one that must wait. */
  | { state: 'answered'; results: ApiResult<unknown>[] }
  /** The batch itself did not go through (lost connection, 401, 5xx…): as if its first write had failed so. */
  | { state: 'failed'; failure: ApiFailure }
  /** This server takes no batch (an older one, or a refusal of the call itself): send one at a time. */
  | { state: 'refused' };

/**
 * Sends writes in one `POST /v1/batch`, each with its entry id as Idempotency-Key, and reads each answer as
 * the transport reads the answer of a call sent alone.
 */
export async function sendBatch(transport: TransportEnv, writes: Outgoing[]): Promise<BatchOutcome> {
  const token = await transport.token();
  const body: { writes: BatchWrite[] } = {
    writes: writes.map(({ entry, endpoint, args }) => {
      const { url } = buildRequest(transport, endpoint, args, null);
      const json = (args as { body?: unknown }).body;
      return {
        method: endpoint.method as BatchWrite['method'],
        path: url.pathname + url.search,
        idempotency_key: entry.id,
        ...(json === undefined ? {} : { body: json }),
      };
    }),
  };
  const result = await send(transport, runBatch, { body }, { retries: 0 });
  if (!result.ok) {
    const { failure } = result;
    const waits = failure.kind !== 'refused' && failure.kind !== 'invalid' && failure.kind !== 'unexpected-answer';
    return waits || failure.status === 408 || failure.status === 425 || failure.status === 429
      ? { state: 'failed', failure }
      : { state: 'refused' };
  }
  const answers = result.data;
  // An answer for each write at most, and at least one: anything else is a server this app does not understand.
  if (answers.length === 0 || answers.length > writes.length) return { state: 'refused' };
  const results = await Promise.all(
    answers.map(async (answer, i) => {
      // A status a Response cannot hold is a broken answer: as if its server had failed.
      const status = answer.status >= 200 && answer.status <= 599 ? answer.status : 502;
      const empty = status === 204 || answer.body === null || answer.body === undefined;
      const res = new Response(empty ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'Content-Type': 'application/json', ...(answer.retry_after ? { 'Retry-After': answer.retry_after } : {}) },
      });
      return resultOf(transport, writes[i].endpoint, res, token);
    }),
  );
  return { state: 'answered', results };
}
