// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/database';
import { track } from '../../../analytics/analytics';
import { requestReplay } from '../../../outbox/page-replayer';
import { AddHelpPage } from './add-help-page';
import { buildVillage, ID } from '../../../testing/nina-village';
import { renderScreen } from '../../../testing/render-screen';
import { provideAppMutationKinds } from '../../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Proposer mon aide' }));

describe('proposing a help', () => {
  it('needs a day and two times, the end after the start', async () => {
    await buildVillage('olga');
    await renderScreen(() => <AddHelpPage villageId={ID.village} needId={ID.needDog} />);
    await screen.findByRole('heading', { name: 'Proposer mon aide\u00a0: Promener le chien' });
    await screen.findByLabelText('Date');
    type('Date', '');
    send();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date')));
    expect(screen.getAllByText('Ce champ est requis')).toHaveLength(3);

    type('Date', '2030-11-14');
    type('Début', '16:00');
    type('Fin', '14:00');
    type('Commentaire', 'c'.repeat(1001));
    send();
    expect(await screen.findByText('La fin doit être après le début')).toBeTruthy();
    expect(screen.getByText('Ce champs doit contenir 1000 caractères maximum')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(track).not.toHaveBeenCalled();
  });

  it('refuses a day already past with the server’s message, keeping what was typed', async () => {
    await buildVillage('olga');
    await renderScreen(() => <AddHelpPage villageId={ID.village} needId={ID.needDog} />);
    await screen.findByLabelText('Date');
    const yesterday = DateTime.now().setZone('Europe/Paris').minus({ days: 1 }).toISODate()!;
    type('Date', yesterday);
    type('Début', '09:30');
    type('Fin', '11:00');
    type('Commentaire', 'Je passe');
    send();
    expect(await screen.findByText('Ce créneau est déjà passé : choisissez une date à venir')).toBeTruthy();
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe(yesterday);
    expect((screen.getByLabelText('Commentaire') as HTMLTextAreaElement).value).toBe('Je passe');
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the slot in UTC from Paris time, counts it, and shows the need’s helps', async () => {
    await buildVillage('olga');
    const { router } = await renderScreen(() => <AddHelpPage villageId={ID.village} needId={ID.needDog} />);
    await screen.findByRole('heading', { name: 'Proposer mon aide\u00a0: Promener le chien' });
    await screen.findByLabelText('Date');
    // Next summer: in the future and under two years ahead whenever the test runs, Paris at UTC+2.
    const day = `${DateTime.now().year + 1}-07-14`;
    type('Date', day);
    type('Début', '09:30');
    type('Fin', '11:00');
    type('Commentaire', ' Avec la laisse rouge ');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/villages/${ID.village}/needs/${ID.needDog}/helps`));
    const [help] = await db.helps.where('village_need_id').equals(ID.needDog).toArray();
    expect(help).toMatchObject({
      helper_id: ID.olga,
      start_date: `${day}T07:30:00.000Z`,
      end_date: `${day}T09:00:00.000Z`,
      comment: 'Avec la laisse rouge',
    });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((e) => e.kind)).toEqual(['add-help']);
    expect(outbox[0].payload).toMatchObject({ village_id: ID.village, village_need_id: ID.needDog, id: help.id });
    expect(track).toHaveBeenCalledWith('add_help');
    expect(requestReplay).toHaveBeenCalledTimes(1);
  });
});
