// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { FetchFailed } from '../../api/transport';
import { db } from '../../db/database';
import { clearToken } from '../../session/token';
import { buildVillage, ID } from '../../testing/nina-village';
import { json, signedInHearingUnauthorized, stubServer, thrown } from '../../testing/stub-server';
import { fetchMessages } from './fetch-messages';

const kept = {
  id: '0190a000-0000-7000-8000-0000000c0001',
  village_id: ID.village,
  villager_id: ID.claire,
  body: 'Bonjour',
  created_at: '2026-01-05T09:00:00.000Z',
  first_name: null,
};

const unauthorized = signedInHearingUnauthorized();
beforeEach(async () => {
  await buildVillage('hugo');
  await db.messages.put(kept);
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
