import type { AnyEndpoint } from '../../src/contract/endpoint';
import { endpointTable } from '../../src/contract/endpoints';
import { runBatch } from '../../src/contract/endpoints/batch';

/**
 * The calls a batch may carry: a signed-in write with a JSON body or none, as the outbox queues them. Not
 * a sign-in (its own rate limit and answer), a photo (multipart) nor a batch inside a batch.
 */
const batchable = endpointTable.filter((e) => e.method !== 'GET' && e.auth && e.body !== 'multipart' && e.name !== runBatch.name);

/** `/v1/villages/{id}/needs` as a pattern of its path: one segment for each parameter. */
const patternOf = (e: AnyEndpoint) => new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/]+')}$`);
const patterns = batchable.map((e) => ({ method: e.method, pattern: patternOf(e) }));

/** Whether `method path` (the path without its query) is a call a batch may carry. */
export const isBatchable = (method: string, path: string) => patterns.some((p) => p.method === method && p.pattern.test(path));
