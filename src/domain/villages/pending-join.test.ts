// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { JOIN, lostConnection, ninaVillage, olgaVillager, signInOlga, toastTexts } from '../../testing/join-world';
import { keepPendingJoin, PENDING_JOIN_KEY, readPendingJoin, resumePendingJoin, startPendingJoin } from './pending-join';
import { answerFetch } from '../../testing/answer-fetch';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

beforeEach(signInOlga);
afterEach(() => vi.unstubAllGlobals());

const joinAccepted = () => answerFetch({ status: 201, body: { data: olgaVillager } }, { status: 200, body: { data: ninaVillage } });

describe('a join kept while offline', () => {
  it('goes out when the network comes back, then the village is on the device', async () => {
    keepPendingJoin({ code: JOIN.code, userId: JOIN.olgaUser });
    const offline = vi.fn(lostConnection);
    vi.stubGlobal('fetch', offline);
    startPendingJoin();
    // At start, still offline: the code is kept.
    await waitFor(() => expect(offline).toHaveBeenCalledTimes(1));
    await resumePendingJoin();
    expect(readPendingJoin()).toEqual({ code: JOIN.code, userId: JOIN.olgaUser });

    const { fetchMock, requests } = joinAccepted();
    vi.stubGlobal('fetch', fetchMock);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem(PENDING_JOIN_KEY)).toBeNull());
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { share_code: JOIN.code } });
    expect(requests[0].url).toMatch(/\/v1\/villages\/join\/helper$/);
    await waitFor(() => expect(toastTexts()).toEqual(['success: Bienvenue dans le village de Nina\u00a0!']));
    expect(await db.villages.get(JOIN.villageId)).toMatchObject({ first_name: 'Nina' });
    expect(await db.villagers.get(JOIN.olgaVillager)).toBeTruthy();
  });

  it('is sent once however many times it is resumed at the same moment', async () => {
    keepPendingJoin({ code: JOIN.code, userId: JOIN.olgaUser });
    const { fetchMock, requests } = joinAccepted();
    vi.stubGlobal('fetch', fetchMock);
    const [a, b] = await Promise.all([resumePendingJoin(), resumePendingJoin()]);
    expect(a).toBe(b);
    expect(a?.outcome).toEqual({ kind: 'joined', villageId: JOIN.villageId });
    expect(await resumePendingJoin()).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it("is dropped on the server's definitive no, which is said", async () => {
    keepPendingJoin({ code: JOIN.code, userId: JOIN.olgaUser });
    const { fetchMock } = answerFetch({ status: 404, body: { message: 'Aucun village ne correspond à ce code.', http_code: 404 } });
    vi.stubGlobal('fetch', fetchMock);
    const settled = await resumePendingJoin();
    expect(settled?.outcome).toEqual({ kind: 'refused', status: 404, message: 'Aucun village ne correspond à ce code.' });
    expect(readPendingJoin()).toBeNull();
    expect(toastTexts()).toEqual([
      `error: Le village n'a pas pu être rejoint (code ${JOIN.code})\u00a0: Aucun village ne correspond à ce code.`,
    ]);
  });

  it('is kept on a server fault, to be tried again', async () => {
    keepPendingJoin({ code: JOIN.code, userId: JOIN.olgaUser });
    const { fetchMock } = answerFetch({ status: 503, body: { message: 'Service indisponible', http_code: 503 } });
    vi.stubGlobal('fetch', fetchMock);
    expect(await resumePendingJoin()).toBeNull();
    expect(readPendingJoin()).not.toBeNull();
    expect(toastTexts()).toEqual([]);
  });

  it('is not sent for another account signed in on this device', async () => {
    keepPendingJoin({ code: JOIN.code, userId: 'user-someone-else' });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await resumePendingJoin()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readPendingJoin()).toBeNull();
  });

  it('drops a value that is not one of ours', () => {
    localStorage.setItem(PENDING_JOIN_KEY, '{not json');
    expect(readPendingJoin()).toBeNull();
    expect(localStorage.getItem(PENDING_JOIN_KEY)).toBeNull();
  });
});
