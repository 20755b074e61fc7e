// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { track } from '../../analytics/analytics';
import { buildVillage, ID, type Member } from '../../testing/nina-village';
import { formatHelpSlot } from '../../contract/french-time';
import { VillageInfosPage } from './village-infos-page';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const village = `/dashboard/villages/${ID.village}`;

async function showInfos(as: Member, fields: Parameters<typeof db.villages.update>[1] = {}) {
  await buildVillage(as);
  await db.villages.update(ID.village, {
    infos: 'Nina se remet d’une opération de la hanche.',
    home_infos: 'Code de la porte : 4821B. Le chat ne sort pas.',
    phone: '0612345678',
    start_date: '2027-02-03',
    end_date: '2027-02-28',
    relationship: 'mère',
    ...fields,
  });
  const rendered = await renderScreen(() => <VillageInfosPage villageId={ID.village} />);
  await screen.findByRole('heading', { level: 1, name: 'Le village de Nina' });
  return rendered;
}

describe('a village’s infos', () => {
  it('present the village to a helper: whom it helps, its period, whom to call, the home’s details', async () => {
    await showInfos('olga');
    expect(screen.getByText('Nina Martin')).toBeTruthy();
    // Who Nina is, said from the helper's side: not the creator's own "mère".
    expect(screen.getByText('Mère de Claire Martin')).toBeTruthy();
    expect(screen.queryByText(/Lien avec le créateur/)).toBeNull();
    expect(screen.getByText('Nina se remet d’une opération de la hanche.')).toBeTruthy();
    expect(screen.getByText('Du 3 au 28 février 2027')).toBeTruthy();
    const call = screen.getByRole('link', { name: 'Appeler le 06 12 34 56 78' });
    expect(call.getAttribute('href')).toBe('tel:+33612345678');
    expect(screen.getByRole('heading', { name: 'Infos pratiques du domicile' })).toBeTruthy();
    expect(screen.getByText('Code de la porte : 4821B. Le chat ne sort pas.')).toBeTruthy();
    expect(screen.getByText(/4 membres/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les membres' }).getAttribute('href')).toBe(`${village}/manage/members`);
    expect(screen.queryByRole('link', { name: 'Gérer le village' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quitter ce village' })).toBeTruthy();
  });

  it('keep the home’s details from a member who is no longer in the village', async () => {
    await buildVillage('hugo');
    await db.villagers.update(ID.hugo, { is_out: true });
    await db.villages.update(ID.village, { home_infos: 'Code de la porte : 4821B.' });
    await renderScreen(() => <VillageInfosPage villageId={ID.village} />);
    await screen.findByRole('heading', { level: 1, name: 'Le village de Nina' });
    expect(screen.queryByText('Code de la porte : 4821B.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Infos pratiques du domicile' })).toBeNull();
    expect(screen.getByText(/3 membres/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitter ce village' })).toBeNull();
  });

  it('say when the period has no end, and when there is no phone', async () => {
    await showInfos('olga', { start_date: '2027-02-03', end_date: null, phone: null, home_infos: null });
    expect(screen.getByText('À partir du 3 février 2027, sans date de fin')).toBeTruthy();
    expect(screen.getByText('Pas de numéro de contact.')).toBeTruthy();
    expect(screen.getByText('Aucune info pratique pour le moment.')).toBeTruthy();
  });

  it('name the creator as the person helped in a village made for oneself', async () => {
    await showInfos('hugo', { creation_mode: 1, first_name: null, last_name: null, relationship: 'mère' });
    expect(screen.getByText('Claire Martin')).toBeTruthy();
    expect(screen.queryByText(/mère/i)).toBeNull();
  });

  it('lead a manager to the manage page, and offer no way out there', async () => {
    await showInfos('nina');
    expect(screen.getByRole('link', { name: 'Gérer le village' }).getAttribute('href')).toBe(`${village}/manage`);
    expect(screen.queryByRole('button', { name: 'Quitter ce village' })).toBeNull();
  });

  it('let a helper leave the village after a confirmation', async () => {
    const { router } = await showInfos('olga');
    fireEvent.click(screen.getByRole('button', { name: 'Quitter ce village' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    // The slot Olga gives back is named, in the formatter's words (its non-breaking spaces read as spaces).
    const help = (await db.helps.get(ID.helpOlgaNextWeek))!;
    expect(await within(dialog).findByText(/Ce créneau que vous aviez pris sera libéré pour quelqu’un d’autre/)).toBeTruthy();
    const slot = `Repas, ${formatHelpSlot(help.start_date, help.end_date)}`.replace(/\u00a0/g, ' ');
    // The need's name comes from its own live read, which may land just after the dialog's list.
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('listitem', { hidden: true })
          .textContent?.replace(/\u00a0/g, ' '),
      ).toBe(slot),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitter le village', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/villages'));
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['leave-village', { village_id: ID.village, villager_id: ID.olga }],
    ]);
    expect(track).toHaveBeenCalledWith('leave_village');
    expect(await db.villagers.get(ID.olga)).toMatchObject({ is_out: true });
  });
});
