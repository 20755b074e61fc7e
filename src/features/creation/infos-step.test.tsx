// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { track } from '../../analytics/analytics';
import { InfosStep } from './infos-step';
import { markStepDone, readProgress } from './progress';
import { CID, outboxEntries, pendingVillage, signInClaire } from '../../testing/creation-world';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const finish = () => fireEvent.click(screen.getByRole('button', { name: 'Terminer' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the infos step', () => {
  it('needs a name, a presentation of 2000 characters at most and a phone number without letters', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2, first_name: 'Nina' });
    await renderScreen(() => <InfosStep pcvi={CID.village} />);
    const name = (await screen.findByLabelText('Nom du village')) as HTMLInputElement;
    expect(name.value).toBe('Le village de Nina');
    expect(screen.getByRole('heading', { level: 1, name: 'Présentez le village de Nina' })).toBeTruthy();
    expect(
      screen.getByText(
        'Facultatif. Ce que son entourage doit savoir pour bien aider Nina : sa situation, ses habitudes, ce qui lui fait plaisir…',
      ),
    ).toBeTruthy();
    type('Nom du village', ' ');
    type('Présentation', 'p'.repeat(2001));
    type('Téléphone', '06 12 ab');
    finish();
    expect(await screen.findByText('Ce champ est requis')).toBeTruthy();
    expect(screen.getByText('Ce champs doit contenir 2000 caractères maximum')).toBeTruthy();
    expect(screen.getByText('Le champs doit être un chiffre')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nom du village')));
    expect(await db.outbox.count()).toBe(0);
    expect(track).not.toHaveBeenCalled();
  });

  it('says a phone number is too short and queues nothing', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2, first_name: 'Nina' });
    await renderScreen(() => <InfosStep pcvi={CID.village} />);
    await screen.findByLabelText('Nom du village');
    type('Téléphone', '06 12');
    finish();
    expect(await screen.findByText('Le numéro de téléphone est trop court')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Téléphone')));
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('06 12');
    expect(await db.outbox.count()).toBe(0);
  });

  it('for oneself, suggests a name after the signed-in user', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 });
    await renderScreen(() => <InfosStep pcvi={CID.village} />);
    expect(((await screen.findByLabelText('Nom du village')) as HTMLInputElement).value).toBe('Le village de Claire');
    expect(screen.getByRole('heading', { level: 1, name: 'Présentez votre village' })).toBeTruthy();
  });

  it('saves the infos, finishes the creation through the outbox, counts it and opens the waiting page', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2, first_name: 'Nina' });
    markStepDone(CID.village, 2, 'period');
    const { router } = await renderScreen(() => <InfosStep pcvi={CID.village} />);
    await screen.findByLabelText('Nom du village');
    type('Nom du village', 'Les amis de Nina');
    type('Présentation', 'Nina se remet d’une opération de la hanche.');
    type('Téléphone', '06 12 34 56 78');
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/villages/${CID.village}/waiting-validation`));

    const entries = await outboxEntries();
    expect(entries.map((e) => e.kind)).toEqual(['update-village', 'finish-creation']);
    expect(entries[0].payload).toEqual({
      village_id: CID.village,
      input: {
        updater_id: CID.claire,
        name: 'Les amis de Nina',
        infos: 'Nina se remet d’une opération de la hanche.',
        phone: '+33612345678',
      },
    });
    expect(entries[1].payload).toEqual({ village_id: CID.village, creator_id: CID.claire });
    expect(await db.villages.get(CID.village)).toMatchObject({ state: 2, name: 'Les amis de Nina', phone: '+33612345678' });
    expect(track).toHaveBeenCalledExactlyOnceWith('finish_village_creation');
    expect(readProgress(CID.village)).toBeNull();
  });
});
