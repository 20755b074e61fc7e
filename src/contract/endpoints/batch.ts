import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { boundedArray } from '../bounded-array';

/** The most writes one batch carries: enough to cut a long offline day's round trips fiftyfold, small enough to answer quickly. */
export const MAX_BATCH_WRITES = 50;

export const batchMessages = {
  none: 'Ce lot ne contient aucune modification',
  tooMany: `Pas plus de ${MAX_BATCH_WRITES} modifications par lot`,
  path: "Cette adresse n'est pas une adresse de l'API",
  key: "Cette clé d'idempotence n'est pas valide",
} as const;

/**
 * One write of a batch, as it would be sent alone: its method, its address under /v1 (with its query), its
 * JSON body and its own Idempotency-Key.
 */
export const BatchWrite = v.strictObject({
  method: v.picklist(['POST', 'PUT', 'DELETE']),
  path: v.pipe(v.string(), v.startsWith('/v1/', batchMessages.path), v.maxLength(2000, batchMessages.path)),
  body: v.optional(v.unknown()),
  idempotency_key: v.pipe(v.string(), v.minLength(1, batchMessages.key), v.maxLength(200, batchMessages.key)),
});
export type BatchWrite = v.InferOutput<typeof BatchWrite>;

export const BatchInput = v.strictObject({
  writes: v.pipe(boundedArray(BatchWrite, MAX_BATCH_WRITES, batchMessages.tooMany), v.minLength(1, batchMessages.none)),
});

/**
 * What one write answered, as it would have alone: its status, its JSON body (null for 204) and its
 * Retry-After, when it said to wait.
 */
export const BatchAnswer = v.object({
  status: v.pipe(v.number(), v.integer()),
  body: v.unknown(),
  retry_after: v.optional(v.string()),
});
export type BatchAnswer = v.InferOutput<typeof BatchAnswer>;

export const runBatch = endpoint({
  name: 'runBatch',
  method: 'POST',
  path: '/v1/batch',
  summary:
    'Several writes in one call (up to 50), in order, each as if sent alone: its own Idempotency-Key, transaction, permission checks and answer. ' +
    'A refused write stops nothing but itself; the answers stop after the first one that says to wait (401, 408, 425, 429, 5xx): the writes after it were not tried.',
  status: 200,
  body: BatchInput,
  answer: { data: v.array(BatchAnswer) },
});
