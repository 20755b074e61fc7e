// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ApiFailure } from '../../api/failure';
import { onApiEvent } from '../../api/client';
import { FetchFailed } from '../../api/transport';
import { db } from '../../db/database';
import { clearToken, setToken } from '../../session/token';
import { buildVillage, ID } from '../../testing/nina-village';
import { fetchMessages } from './fetch-messages';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(answer: () => Response | Promise<Response>) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input)));
      return answer();
    }),
  );
  return requests;
}

const thrown = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as FetchFailed);

const kept = {
  id: '0190a000-0000-7000-8000-0000000c0001',
  village_id: ID.village,
  villager_id: ID.claire,
  body: 'Bonjour',
  created_at: '2026-01-05T09:00:00.000Z',
  first_name: null,
};

let unauthorized: Mock<(failure: ApiFailure) => void>;
let stopListening: () => void;
beforeEach(async () => {
  await buildVillage('hugo');
  await db.messages.put(kept);
  setToken('tok');
  unauthorized = vi.fn();
  stopListening = onApiEvent('unauthorized', unauthorized);
});
afterEach(() => {
  stopListening();
  clearToken();
  vi.unstubAllGlobals();
});

describe('a page of the chat that does not arrive', () => {
  it('throws FetchFailed and leaves the messages on the device as they were', async () => {
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await thrown(fetchMessages(ID.village));
    expect([offline instanceof FetchFailed, offline?.status]).toEqual([true, 'offline']);
    stubServer(() => json({ message: 'Accès refusé', http_code: 403 }, 403));
    expect((await thrown(fetchMessages(ID.village, kept.id)))?.status).toBe(403);
    expect(await db.messages.toArray()).toEqual([kept]);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('ends the session on a refused token by itself', async () => {
    const requests = stubServer(() => json({ message: 'Non authentifié', http_code: 401 }, 401));
    expect((await thrown(fetchMessages(ID.village)))?.status).toBe(401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });

  it('asks nothing when signed out', async () => {
    clearToken();
    const requests = stubServer(() => json({}));
    expect((await thrown(fetchMessages(ID.village)))?.status).toBe(401);
    expect(requests).toEqual([]);
  });
});
