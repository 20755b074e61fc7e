// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { loading } from '../../api/loading';
import { FetchFailed } from '../../api/transport';
import { db } from '../../db/database';
import { VILLAGE_APP_INCLUDE } from '../../contract/villages';
import { clearToken } from '../../session/token';
import { buildVillage, ID } from '../../testing/nina-village';
import { json, signedInHearingUnauthorized, stubServer } from '../../testing/stub-server';
import { villageQuery } from './village-query';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

/** Runs the village's query as a screen would, once. */
const pull = () => new QueryClient().fetchQuery(villageQuery(ID.village));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the pull should have failed');
    },
    (error: unknown) => error,
  );

const unauthorized = signedInHearingUnauthorized();
beforeEach(async () => {
  await buildVillage('claire');
});

describe('the village query', () => {
  it('pulls the whole village into the tables, quietly, with the session’s token', async () => {
    const village = await db.villages.get(ID.village);
    const requests = stubServer(() =>
      json({ data: { ...village, name: 'Le village de Nina (renommé)', needs: [], helps: [], villagers: village!.villagers } }),
    );
    const loadingSeen: boolean[] = [];
    const stop = loading.subscribe(() => loadingSeen.push(loading.isLoading()));
    expect(await pull()).toEqual({ pulledAt: expect.any(Number) });
    stop();
    expect((await db.villages.get(ID.village))?.name).toBe('Le village de Nina (renommé)');
    expect(await db.needs.where('village_id').equals(ID.village).count()).toBe(0);
    expect(requests.map((r) => [r.url.pathname, r.url.searchParams.get('include'), r.url.searchParams.get('helps_from'), r.auth])).toEqual([
      // Needs once, and the helps of the last 90 days and ahead.
      [
        `/v1/villages/${ID.village}`,
        VILLAGE_APP_INCLUDE,
        new Date(Date.now() - 90 * 24 * 3600_000).toISOString().slice(0, 10),
        'Bearer tok',
      ],
    ]);
    // Behind a screen that already shows what the device holds: no global loading indicator.
    expect(loadingSeen).toEqual([]);
  });

  it.each([403, 404])('forgets the village when the server answers %i (banned, or gone)', async (status) => {
    stubServer(() => json({ message: 'Ce village est introuvable.', http_code: status }, status));
    const error = await failure(pull());
    expect(error).toBeInstanceOf(FetchFailed);
    expect((error as FetchFailed).status).toBe(status);
    expect(await db.villages.get(ID.village)).toBeUndefined();
    expect(await db.needs.where('village_id').equals(ID.village).count()).toBe(0);
  });

  it('ends the session on a refused token by itself, with no other call', async () => {
    const requests = stubServer(() => json({ message: 'Non authentifié', http_code: 401 }, 401));
    expect(((await failure(pull())) as FetchFailed).status).toBe(401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
    // An expired session is not a lost village: what the device holds is cleared by the sign-out, not here.
    expect(await db.villages.get(ID.village)).toBeDefined();
  });

  it('keeps what the device holds when offline or when the server fails', async () => {
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(((await failure(pull())) as FetchFailed).status).toBe('offline');
    stubServer(() => json({ message: 'Indisponible', http_code: 503 }, 503));
    expect(((await failure(pull())) as FetchFailed).status).toBe(503);
    expect(await db.needs.where('village_id').equals(ID.village).count()).toBe(2);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('asks nothing when signed out', async () => {
    clearToken();
    const requests = stubServer(() => json({}));
    expect(((await failure(pull())) as FetchFailed).status).toBe(401);
    expect(requests).toEqual([]);
  });
});
