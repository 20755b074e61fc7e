// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { JoinPage } from './join-page';
import { BAD_LINK_TEXT, OFFLINE_WAITING_TEXT } from './join-state';
import { JOIN, lostConnection, ninaVillage, olgaVillager, signInOlga, toastTexts } from '../../testing/join-world';
import { PENDING_JOIN_KEY, readPendingJoin } from '../../domain/villages/pending-join';
import { answerFetch } from '../../testing/answer-fetch';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { asRead } from '../../testing/as-read';

await provideAppMutationKinds();

beforeEach(signInOlga);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOME = `/dashboard/villages/${JOIN.villageId}/home`;
const joinAccepted = () => answerFetch({ status: 201, body: { data: olgaVillager } }, { status: 200, body: { data: ninaVillage } });

describe('joining a village from its link', () => {
  it('joins, brings the village onto the device and opens its needs with a welcome', async () => {
    const { fetchMock, requests } = joinAccepted();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderScreen(() => <JoinPage linkCode="abcd2345" />);
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME));
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { share_code: JOIN.code } });
    expect(toastTexts()).toEqual(['success: Bienvenue dans le village de Nina\u00a0!']);
    expect(await db.villagers.get(JOIN.olgaVillager)).toBeTruthy();
  });

  it("sends the invitation's token along, so that joining accepts the invitation", async () => {
    const { fetchMock, requests } = joinAccepted();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderScreen(() => <JoinPage linkCode={JOIN.code} invitationToken="jeton-de-l-invitation" />);
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME));
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { share_code: JOIN.code, invitation_token: 'jeton-de-l-invitation' } });
  });

  it.each([
    [404, 'Aucun village ne correspond à ce code.'],
    [403, 'Vous avez été retiré de ce village\u00a0: vous ne pouvez pas le rejoindre.'],
    [409, "Ce village n'est pas encore ouvert. Réessayez quand la personne qui l'a créé l'aura validé."],
  ])("shows the server's no (%i) with a way back to the user's villages", async (status, message) => {
    const { fetchMock, requests } = answerFetch({ status, body: { message, http_code: status } });
    vi.stubGlobal('fetch', fetchMock);
    await renderScreen(() => <JoinPage linkCode={JOIN.code} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Retour à mes villages' }).getAttribute('href')).toBe('/dashboard/villages');
    // Another code can be typed at once; the refused one was asked for only once.
    expect(screen.getByLabelText('Code du village')).toBeTruthy();
    expect(requests).toHaveLength(1);
  });

  it('goes straight to a village the user already belongs to, without asking the server', async () => {
    const { villagers: _villagers, needs: _needs, helps: _helps, ...village } = ninaVillage;
    await db.villages.put({ ...village, villagers: ninaVillage.villagers });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderScreen(() => <JoinPage linkCode={JOIN.code} />);
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offline, keeps the code and joins as soon as the network is back', async () => {
    vi.stubGlobal('fetch', vi.fn(lostConnection));
    const { router } = await renderScreen(() => <JoinPage linkCode={JOIN.code} />);
    expect(await screen.findByText(asRead(OFFLINE_WAITING_TEXT))).toBeTruthy();
    expect(readPendingJoin()).toEqual({ code: JOIN.code, userId: JOIN.olgaUser });

    const { fetchMock } = joinAccepted();
    vi.stubGlobal('fetch', fetchMock);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME));
    expect(localStorage.getItem(PENDING_JOIN_KEY)).toBeNull();
    expect(toastTexts()).toEqual(['success: Bienvenue dans le village de Nina\u00a0!']);
  });

  it('can stop waiting for the network', async () => {
    vi.stubGlobal('fetch', vi.fn(lostConnection));
    await renderScreen(() => <JoinPage linkCode={JOIN.code} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ne plus attendre' }));
    expect(readPendingJoin()).toBeNull();
    expect(screen.getByLabelText('Code du village')).toBeTruthy();
  });
});

describe('joining with a typed code', () => {
  it('asks for the code when the page has none, and joins with it', async () => {
    const { fetchMock, requests } = joinAccepted();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderScreen(() => <JoinPage linkCode={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText('Ce champ est requis')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code du village'), { target: { value: 'ab$' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText(/Ce code n'est pas valide/)).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Code du village'), { target: { value: ' abcd 2345 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME));
    expect(requests[0].body).toEqual({ share_code: JOIN.code });
  });

  it('says a bad link is bad and offers the form instead', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderScreen(() => <JoinPage linkCode="not a code!" />);
    expect(await screen.findByText(BAD_LINK_TEXT)).toBeTruthy();
    expect(screen.getByLabelText('Code du village')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
