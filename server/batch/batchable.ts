import type { AnyEndpoint } from '../../src/contract/endpoint';
import { endpointTable } from '../../src/contract/endpoints';
import { logOut } from '../../src/contract/endpoints/sessions';
import { runBatch } from '../../src/contract/endpoints/batch';
import { deleteUser } from '../../src/contract/endpoints/users';

/**
 * Calls a batch never carries although they are signed-in writes: a batch inside a batch, and those that
 * end the caller's session or account (signing out, deleting one's account), after which every later
 * write of the batch would answer 401. The app makes them as calls of their own, never from the outbox.
 */
const NEVER_BATCHED = new Set([runBatch.name, logOut.name, deleteUser.name]);

/**
 * The calls a batch may carry: a signed-in write with a JSON body or none, as the outbox queues them. Not
 * a sign-in (its own rate limit and answer), a photo (multipart) nor those above.
 */
const batchable = endpointTable.filter((e) => e.method !== 'GET' && e.auth && e.body !== 'multipart' && !NEVER_BATCHED.has(e.name));

/** `/v1/villages/{id}/needs` as a pattern of its path: one segment for each parameter. */
const patternOf = (e: AnyEndpoint) => new RegExp(`^${e.path.replace(/\{\w+\}/g, '[^/]+')}$`);
const patterns = batchable.map((e) => ({ method: e.method, pattern: patternOf(e) }));

/** Whether `method path` (the path without its query) is a call a batch may carry. */
export const isBatchable = (method: string, path: string) => patterns.some((p) => p.method === method && p.pattern.test(path));
