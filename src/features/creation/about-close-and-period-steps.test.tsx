// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { AboutCloseStep } from './about-close-step';
import { PeriodStep } from './period-step';
import { readProgress } from './progress';
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

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the close person step', () => {
  it('needs the first name, then saves who the village is for and goes on to the needs', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2 });
    const { router } = await renderScreen(() => <AboutCloseStep pcvi={CID.village} />);
    await screen.findByLabelText('Son prénom');
    send();
    expect(await screen.findByText('Ce champ est requis')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Son prénom')));

    type('Son prénom', ' Nina ');
    type('Votre lien avec cette personne', 'Ma mère');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/needs'));
    const [entry] = await outboxEntries();
    expect(entry.payload).toEqual({
      village_id: CID.village,
      input: { updater_id: CID.claire, first_name: 'Nina', relationship: 'Ma mère' },
    });
    expect(await db.villages.get(CID.village)).toMatchObject({ first_name: 'Nina', last_name: null, relationship: 'Ma mère' });
    expect(readProgress(CID.village)).toBe('about-close');
    expect(screen.queryByRole('link', { name: '← Étape précédente' })).toBeTruthy();
  });
});

describe('the period step', () => {
  it('wants the end on or after the start, with the contract’s message', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 });
    await renderScreen(() => <PeriodStep pcvi={CID.village} />);
    await screen.findByLabelText('Début');
    type('Début', '2030-06-10');
    type('Fin', '2030-06-01');
    send();
    expect(await screen.findByText('La fin doit être après le début')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves the dates and goes on to the infos', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 });
    const { router } = await renderScreen(() => <PeriodStep pcvi={CID.village} />);
    await screen.findByLabelText('Début');
    type('Début', '2030-06-01');
    type('Fin', '2030-06-01');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/infos'));
    const [entry] = await outboxEntries();
    expect(entry.payload).toEqual({
      village_id: CID.village,
      input: { updater_id: CID.claire, start_date: '2030-06-01', end_date: '2030-06-01' },
    });
    expect(readProgress(CID.village)).toBe('period');
  });

  it('"Je ne sais pas encore" clears the dates and passes the step', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1, start_date: '2030-06-01' });
    const { router } = await renderScreen(() => <PeriodStep pcvi={CID.village} />);
    expect(((await screen.findByLabelText('Début')) as HTMLInputElement).value).toBe('2030-06-01');
    fireEvent.click(screen.getByRole('button', { name: 'Je ne sais pas encore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/infos'));
    const [entry] = await outboxEntries();
    expect(entry.payload).toEqual({ village_id: CID.village, input: { updater_id: CID.claire, start_date: null } });
    expect(readProgress(CID.village)).toBe('period');
  });
});
