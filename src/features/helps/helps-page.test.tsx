// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { track } from '../../analytics/analytics';
import { toastStore } from '../../state/toasts';
import { HelpsPage } from './helps-page';
import { buildVillage, helpAt, ID } from '../../testing/nina-village';
import { formatHelpSlot } from '../../contract/help-time';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const section = (name: string) => screen.getByRole('region', { name });
const TODAY_HELP = '0190a000-0000-7000-8000-0000000000a9';

async function showHelps(as: Parameters<typeof buildVillage>[0]) {
  await buildVillage(as);
  await db.helps.put(helpAt(TODAY_HELP, 'olga', 0, 8));
  await renderScreen(() => <HelpsPage villageId={ID.village} needId={ID.needMeals} />);
  await screen.findByRole('heading', { level: 1, name: 'Aides : Repas' });
}

describe('a need’s helps', () => {
  it('are split into today, upcoming and past, each with the helper’s first name and the slot in French', async () => {
    await showHelps('olga');
    const today = await db.helps.get(TODAY_HELP);
    expect(within(section('Aujourd’hui')).getByText(formatHelpSlot(today!.start_date, today!.end_date))).toBeTruthy();
    expect(within(section('Aujourd’hui')).getByText('Olga (vous)')).toBeTruthy();
    const upcoming = within(section('À venir')).getAllByRole('listitem');
    expect(upcoming.map((item) => item.querySelector('.help-helper')?.textContent)).toEqual(['Hugo', 'Olga (vous)']);
    expect(within(section('Passées')).getByText('Hugo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Proposer mon aide' }).getAttribute('href')).toBe(
      `/dashboard/villages/${ID.village}/needs/${ID.needMeals}/helps/add`,
    );
  });

  it('let a helper withdraw their own helps to come, and nothing else', async () => {
    await showHelps('hugo');
    expect(screen.queryByRole('button', { name: 'Refuser cette aide' })).toBeNull();
    expect(within(section('Passées')).queryByRole('button')).toBeNull();
    const mine = within(section('À venir')).getByRole('button', { name: 'Retirer mon aide' });
    expect(screen.getAllByRole('button', { name: 'Retirer mon aide' })).toHaveLength(1);

    fireEvent.click(mine);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText(/le village ne comptera plus sur vous/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le retrait', hidden: true }));
    await waitFor(async () => expect(await db.helps.get(ID.helpHugoTomorrow)).toBeUndefined());
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['delete-help', { village_id: ID.village, help_id: ID.helpHugoTomorrow, villager_id: ID.hugo }],
    ]);
    expect(track).toHaveBeenCalledWith('delete_help');
    expect(toastStore.get().at(-1)?.text).toBe('Suppression effectuée avec succès.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retirer mon aide' })).toBeNull());
  });

  it('let the creator or the needy person turn down someone else’s help', async () => {
    await showHelps('nina');
    expect(screen.queryByRole('button', { name: 'Retirer mon aide' })).toBeNull();
    // Olga today, Hugo and Olga to come; never a past one.
    expect(screen.getAllByRole('button', { name: 'Refuser cette aide' })).toHaveLength(3);
    fireEvent.click(within(section('Aujourd’hui')).getByRole('button', { name: 'Refuser cette aide' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText(/L’aide de Olga/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le refus', hidden: true }));
    await waitFor(async () => expect(await db.helps.get(TODAY_HELP)).toBeUndefined());
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['refuse-help', { village_id: ID.village, help_id: TODAY_HELP, villager_id: ID.nina }],
    ]);
    expect(track).toHaveBeenCalledWith('refuse_help');
    expect(await within(section('Aujourd’hui')).findByText('Aucune aide aujourd’hui.')).toBeTruthy();
  });

  it('leave out the helps of a banned villager', async () => {
    await buildVillage('claire');
    await db.villagers.update(ID.hugo, { is_ban: true });
    await renderScreen(() => <HelpsPage villageId={ID.village} needId={ID.needMeals} />);
    await screen.findByRole('heading', { level: 1, name: 'Aides : Repas' });
    expect(screen.queryByText('Hugo')).toBeNull();
    expect(within(section('Passées')).getByText('Aucune aide passée.')).toBeTruthy();
  });
});
