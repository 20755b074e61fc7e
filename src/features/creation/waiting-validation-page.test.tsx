// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { requestReplay } from '../../outbox/page-replayer';
import { villageQuery } from '../../domain/villages/village-query';
import { WaitingValidationPage } from './waiting-validation-page';
import { CID, outboxEntries, pendingVillage, signInAs, signInClaire } from '../../testing/creation-world';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const waitingVillage = () =>
  pendingVillage(
    { state: 2, creation_mode: 2, name: 'Les amis de Nina', first_name: 'Nina', share_code: 'NINA42', start_date: '2030-06-01' },
    [{ name: 'Repas' }],
  );

describe('the waiting-validation page', () => {
  it('says the village is ready, with its share code and a summary', async () => {
    await signInClaire();
    await waitingVillage();
    await renderScreen(() => <WaitingValidationPage villageId={CID.village} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Les amis de Nina est prêt' })).toBeTruthy();
    expect(screen.getByText(/préparez l’invitation de l’entourage de Nina, puis ouvrez-le/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Inviter des proches' })).toBeTruthy();
    expect(screen.getByText('NINA42')).toBeTruthy();
    expect(await screen.findByText('Repas')).toBeTruthy();
    expect(screen.getByText('À partir du 1er juin 2030')).toBeTruthy();
  });

  it('lets the creator open the village: open-validation is queued, the village refreshed, and its home shown', async () => {
    await signInClaire();
    await waitingVillage();
    const { router, queryClient } = await renderScreen(() => <WaitingValidationPage villageId={CID.village} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(await screen.findByRole('button', { name: 'Ouvrir le village' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/villages/${CID.village}/home`));
    const entries = await outboxEntries();
    expect(entries.map((e) => e.kind)).toEqual(['open-validation']);
    expect(entries[0].payload).toEqual({ village_id: CID.village, villager_id: CID.claire });
    expect((await db.villages.get(CID.village))?.state).toBe(3);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: villageQuery(CID.village).queryKey });
    expect(requestReplay).toHaveBeenCalledTimes(1);
  });

  it('offers no opening to a helper', async () => {
    await signInClaire();
    await waitingVillage();
    await signInAs('user-hugo');
    await renderScreen(() => <WaitingValidationPage villageId={CID.village} />);
    expect(await screen.findByText('Le village ouvrira bientôt.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ouvrir le village' })).toBeNull();
  });

  it('sends a village still in the tunnel back to it', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 });
    await renderScreen(() => <WaitingValidationPage villageId={CID.village} />);
    const resume = await screen.findByRole('link', { name: 'Reprendre la création' });
    expect(resume.getAttribute('href')).toBe(`/create/village?pcvi=${CID.village}`);
  });
});
