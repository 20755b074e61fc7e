// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { track } from '../../analytics/analytics';
import { requestReplay } from '../../outbox/page-replayer';
import { ReasonStep, MODE_LOCKED_TEXT } from './reason-step';
import { readProgress } from './progress';
import { CID, CLAIRE_USER_ID, outboxEntries, pendingVillage, signInClaire } from '../../testing/creation-world';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
const typeReason = (value: string) => fireEvent.change(screen.getByLabelText('Pourquoi ce village ?'), { target: { value } });

describe('the reason step of a new village', () => {
  it('asks for whom the village is, and keeps the reason short', async () => {
    await signInClaire();
    await renderScreen(() => <ReasonStep />);
    await screen.findByRole('group', { name: 'Pour qui créez-vous ce village\u00a0?' });
    send();
    expect(await screen.findByText('Ce champ est requis')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Pour moi/ })));

    fireEvent.click(screen.getByRole('radio', { name: /Pour un proche/ }));
    typeReason('r'.repeat(256));
    send();
    expect(await screen.findByText('Ce champs doit contenir 255 caractères maximum')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.villages.count()).toBe(0);
    expect(track).not.toHaveBeenCalled();
  });

  it('creates the village for a close person through the outbox, counts the start, and goes on to the close person', async () => {
    await signInClaire();
    const { router } = await renderScreen(() => <ReasonStep />);
    fireEvent.click(await screen.findByRole('radio', { name: /Pour un proche/ }));
    typeReason('  Maman sort de l’hôpital ');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/about-close'));

    const [entry] = await outboxEntries();
    expect(entry).toMatchObject({ kind: 'create-village', status: 'pending' });
    const payload = entry.payload as { id: string; villager_id: string; user_id: string; input: unknown };
    expect(payload).toMatchObject({ user_id: CLAIRE_USER_ID, input: { creation_mode: 2, reason: 'Maman sort de l’hôpital' } });
    expect(router.state.location.search).toEqual({ pcvi: payload.id });
    expect(entry.villageId).toBe(payload.id);

    const village = await db.villages.get(payload.id);
    expect(village).toMatchObject({ state: 1, creation_mode: 2, reason: 'Maman sort de l’hôpital' });
    expect(await db.villagers.get(payload.villager_id)).toMatchObject({ user_id: CLAIRE_USER_ID, is_creator: true, is_needy: false });
    expect(track).toHaveBeenCalledExactlyOnceWith('start_village_creation');
    expect(requestReplay).toHaveBeenCalledTimes(1);
    expect(readProgress(payload.id)).toBe('reason');

    // Back is the reason of this village, not a new one.
    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/reason'));
    expect(router.state.location.search).toEqual({ pcvi: payload.id });
  });

  it('for oneself: the reason may stay empty, the creator is the needy person, and the needs come next', async () => {
    await signInClaire();
    const { router } = await renderScreen(() => <ReasonStep />);
    fireEvent.click(await screen.findByRole('radio', { name: /Pour moi/ }));
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/needs'));
    const [entry] = await outboxEntries();
    const payload = entry.payload as { id: string; villager_id: string; input: unknown };
    expect(payload.input).toEqual({ creation_mode: 1, reason: null });
    expect(await db.villagers.get(payload.villager_id)).toMatchObject({ is_creator: true, is_needy: true });
    expect(track).toHaveBeenCalledWith('start_village_creation');
  });
});

describe('the reason step of a village already started', () => {
  it('locks the choice of mode and saves a changed reason with the creator as updater', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2, reason: 'Avant' });
    const { router } = await renderScreen(() => <ReasonStep pcvi={CID.village} />);
    const closePerson = (await screen.findByRole('radio', { name: /Pour un proche/ })) as HTMLInputElement;
    expect(closePerson.checked).toBe(true);
    expect(closePerson.disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Pour moi/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(MODE_LOCKED_TEXT)).toBeTruthy();
    expect((screen.getByLabelText('Pourquoi ce village ?') as HTMLTextAreaElement).value).toBe('Avant');

    typeReason('Après');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/about-close'));
    expect(router.state.location.search).toEqual({ pcvi: CID.village });
    const entries = await outboxEntries();
    expect(entries.map((e) => e.kind)).toEqual(['update-village']);
    expect(entries[0].payload).toEqual({ village_id: CID.village, input: { updater_id: CID.claire, reason: 'Après' } });
    expect((await db.villages.get(CID.village))?.reason).toBe('Après');
    expect(track).not.toHaveBeenCalled();
  });

  it('writes nothing when nothing changed, and still goes on', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1, reason: 'Pareil' });
    const { router } = await renderScreen(() => <ReasonStep pcvi={CID.village} />);
    await screen.findByRole('radio', { name: /Pour moi/ });
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/needs'));
    expect(await db.outbox.count()).toBe(0);
  });
});
