import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Help, Village, VillageNeed } from '../contract';
import type { EndpointRequest } from '../contract/endpoint';
import { VillageDatabase } from '../db/database';
import { buildRequest, type TransportEnv } from '../api/transport';

/** A database of its own for one test: a fresh name, so no test sees another's rows. */
export function freshDatabase(): VillageDatabase {
  return new VillageDatabase(`outbox-test-${uuidv7()}`);
}

/** Signs a user in on this device, as the session module does: the token and whose it is. */
export async function signIn(db: VillageDatabase, userId: string, token = `token-${userId}`) {
  await db.session.put({ key: 'current', token, userId });
  return { userId, token };
}

/**
 * Each test of a file on a fresh store with a user signed in (registers the hooks): `use` receives the store
 * before each test. The ids of the user, a village and their villager, and a fixed clock, for the writes.
 */
export function signedInDevice(use: (db: VillageDatabase) => void) {
  const device = { userId: uuidv7(), villageId: uuidv7(), villagerId: uuidv7(), now: () => MADE_AT };
  let db: VillageDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    use(db);
    await signIn(db, device.userId);
  });
  afterEach(() => db.delete());
  return device;
}

/** When the writes of `signedInDevice` are made. */
export const MADE_AT = new Date('2026-11-21T10:30:00.000Z');

/** A village as a pull would answer it (`data` of GET /v1/villages/:id with needs and helps). */
export function snapshot(village: Village, needs: VillageNeed[] = [], helps: Help[] = []): Village {
  return { ...village, needs, helps, villagers: [] };
}

/** The village, its needs and helps written locally as a previous pull left them. */
export async function seedLocal(db: VillageDatabase, village: Village, needs: VillageNeed[] = [], helps: Help[] = []) {
  await db.villages.put(village);
  await db.needs.bulkPut(needs);
  await db.helps.bulkPut(helps);
}

export type FakeAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error'
  | ((request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>);

export interface SeenRequest {
  method: string;
  url: URL;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fetch that answers from a script: `write` answers writes in order (the last one repeats), `pull`
 * answers the village GET the replayer makes after a refusal. Every request is recorded. A batch call
 * (`POST /v1/batch`) is answered as the server does: each of its writes is recorded and answered from the
 * script as if sent alone, until one says to wait; a lost connection on one loses the batch's answer.
 * `batches` holds how many writes each batch call carried.
 */
export function scriptedFetch(script: { write: FakeAnswer[]; pull?: FakeAnswer }) {
  const requests: SeenRequest[] = [];
  const batches: number[] = [];
  let writes = 0;
  const answerOf = async (seen: SeenRequest) => {
    requests.push(seen);
    let answer: FakeAnswer | undefined =
      seen.method === 'GET'
        ? (script.pull ?? { status: 404, body: { message: 'inconnu' } })
        : script.write[Math.min(writes++, script.write.length - 1)];
    while (typeof answer === 'function') answer = await answer(seen);
    return answer === undefined ? 'network-error' : answer;
  };
  const fetch = (async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const seen: SeenRequest = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    const answer = seen.method === 'POST' && seen.path === '/v1/batch' ? await batchAnswer(seen) : await answerOf(seen);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  }) as typeof globalThis.fetch;

  async function batchAnswer(batch: SeenRequest): Promise<Exclude<FakeAnswer, (request: SeenRequest) => unknown>> {
    const { writes: sub } = batch.body as { writes: { method: string; path: string; body?: unknown; idempotency_key: string }[] };
    batches.push(sub.length);
    const answers: { status: number; body: unknown; retry_after?: string }[] = [];
    for (const write of sub) {
      const url = new URL(write.path, BASE_URL);
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: batch.headers.authorization,
        'idempotency-key': write.idempotency_key,
      };
      if (write.body !== undefined) headers['content-type'] = 'application/json';
      const answer = await answerOf({ method: write.method, url, path: url.pathname, headers, body: write.body });
      if (answer === 'network-error') return answer;
      const retryAfter = answer.headers?.['Retry-After'];
      answers.push({ status: answer.status, body: answer.body ?? null, ...(retryAfter ? { retry_after: retryAfter } : {}) });
      if ([401, 408, 425, 429].includes(answer.status) || answer.status >= 500) break;
    }
    return { status: 200, body: { data: answers } };
  }

  return { fetch, requests, batches, writes: () => requests.filter((r) => r.method !== 'GET') };
}

export const BASE_URL = 'http://localhost:3333';

/** The transport a pull goes through in a test: `fetch` at BASE_URL with a fixed token. */
export const transportTo = (fetch: typeof globalThis.fetch, token: string): TransportEnv => ({
  baseUrl: BASE_URL,
  fetch,
  token: () => token,
});

/**
 * What a kind's request puts on the wire, as the transport builds it: method, path, query (when there is one)
 * and JSON body. Tests compare this, not the endpoint object, so they say what the server receives.
 */
export function onTheWire({ endpoint, args }: EndpointRequest) {
  const { url, init } = buildRequest({ baseUrl: BASE_URL }, endpoint, args, null);
  const query = Object.fromEntries(url.searchParams);
  return {
    method: init.method,
    path: url.pathname,
    ...(Object.keys(query).length ? { query } : {}),
    ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}),
  };
}
