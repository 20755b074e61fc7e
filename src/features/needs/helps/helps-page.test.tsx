// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/database';
import { track } from '../../../analytics/analytics';
import { toastStore } from '../../../state/toasts';
import { HelpsPage } from './helps-page';
import { buildVillage, helpAt, ID } from '../../../testing/nina-village';
import { formatHelpSlot } from '../../../contract/french-time';
import { renderScreen } from '../../../testing/render-screen';
import { provideAppMutationKinds } from '../../../testing/mutation-kinds';
import { setToken, clearToken } from '../../../session/token';

/** A text as getByText reads the screen: its whitespace, the formatter's non-breaking spaces included, as plain spaces. */
const asRead = (text: string) => text.replace(/\u00a0/g, ' ');

await provideAppMutationKinds();

vi.mock('../../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../../analytics/analytics', () => ({ track: vi.fn() }));

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
  await screen.findByRole('heading', { level: 1, name: 'Aides\u00a0: Repas' });
}

describe('a need’s helps', () => {
  it('are split into today, upcoming and past, each with the helper’s first name and the slot in French', async () => {
    await showHelps('olga');
    const today = await db.helps.get(TODAY_HELP);
    expect(within(section('Aujourd’hui')).getByText(asRead(formatHelpSlot(today!.start_date, today!.end_date)))).toBeTruthy();
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
    expect(within(section('Passées')).queryByRole('button', { name: /Retirer|Refuser/ })).toBeNull();
    const mine = within(section('À venir')).getByRole('button', { name: 'Retirer mon aide' });
    expect(screen.getAllByRole('button', { name: 'Retirer mon aide' })).toHaveLength(1);

    fireEvent.click(mine);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText(/le village ne comptera plus sur vous/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le retrait', hidden: true }));
    await waitFor(async () => expect(await db.helps.get(ID.helpHugoTomorrow)).toBeUndefined());
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      [
        'delete-help',
        { village_id: ID.village, help_id: ID.helpHugoTomorrow, villager_id: ID.hugo, need_name: 'Repas', start_date: expect.any(String) },
      ],
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
      [
        'refuse-help',
        { village_id: ID.village, help_id: TODAY_HELP, villager_id: ID.nina, need_name: 'Repas', start_date: expect.any(String) },
      ],
    ]);
    expect(track).toHaveBeenCalledWith('refuse_help');
    expect(await within(section('Aujourd’hui')).findByText('Aucune aide aujourd’hui.')).toBeTruthy();
  });

  it('leave out the helps of a banned villager', async () => {
    await buildVillage('claire');
    await db.villagers.update(ID.hugo, { is_ban: true });
    await renderScreen(() => <HelpsPage villageId={ID.village} needId={ID.needMeals} />);
    await screen.findByRole('heading', { level: 1, name: 'Aides\u00a0: Repas' });
    expect(screen.queryByText('Hugo')).toBeNull();
    expect(within(section('Passées')).getByText('Aucune aide passée.')).toBeTruthy();
  });
});

describe('the older past helps', () => {
  const OLD_HELP = '0190a000-0000-7000-8000-0000000000b1';
  const OLDER_HELP = '0190a000-0000-7000-8000-0000000000b2';
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  /** The server: the village's pull is not answered (the screen shows what the device holds); older helps pages are. */
  function serverWithOlderHelps(pages: Array<{ data: unknown[]; has_more: boolean } | 'offline'>) {
    const asked: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input));
        if (!url.pathname.endsWith('/helps'))
          return new Response(JSON.stringify({ message: 'Indisponible', http_code: 503 }), { status: 503 });
        asked.push(url);
        const page = pages.shift();
        if (!page || page === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return asked;
  }

  it('come a page at a time when asked, under the past ones, until there are no more', async () => {
    setToken('tok');
    const old = helpAt(OLD_HELP, 'olga', -120, 9);
    const older = helpAt(OLDER_HELP, 'hugo', -200, 9);
    const asked = serverWithOlderHelps([
      { data: [old], has_more: true },
      { data: [older], has_more: false },
    ]);
    await showHelps('olga');
    const past = section('Passées');
    fireEvent.click(within(past).getByRole('button', { name: 'Afficher les aides plus anciennes' }));
    await waitFor(() => expect(within(past).getByText(asRead(formatHelpSlot(old.start_date, old.end_date)))).toBeTruthy());
    expect(asked[0].searchParams.get('need_id')).toBe(ID.needMeals);
    expect(asked[0].searchParams.get('before')).toBe(
      `${new Date(Date.now() - 90 * 24 * 3600_000).toISOString().slice(0, 10)}T00:00:00.000Z`,
    );

    fireEvent.click(within(past).getByRole('button', { name: 'Afficher les aides plus anciennes' }));
    await waitFor(() => expect(within(past).getByText(asRead(formatHelpSlot(older.start_date, older.end_date)))).toBeTruthy());
    // The next page starts under the oldest help read.
    expect(asked[1].searchParams.get('before')).toBe(OLD_HELP);
    expect(within(past).getByRole('status').textContent).toBe('Toutes les aides passées sont affichées.');
    expect(within(past).queryByRole('button', { name: 'Afficher les aides plus anciennes' })).toBeNull();
    // Most recent first, as the rest of the list.
    const names = within(past)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.help-helper')?.textContent);
    expect(names).toEqual(['Hugo', 'Olga (vous)', 'Hugo']);
  });

  it('offline, say they will come with a connection, and keep the button', async () => {
    setToken('tok');
    serverWithOlderHelps(['offline']);
    await showHelps('olga');
    const past = section('Passées');
    fireEvent.click(within(past).getByRole('button', { name: 'Afficher les aides plus anciennes' }));
    await waitFor(() =>
      expect(within(past).getByRole('status').textContent).toBe('Les aides plus anciennes s’afficheront avec une connexion.'),
    );
    expect(within(past).getByRole('button', { name: 'Afficher les aides plus anciennes' })).toBeTruthy();
    expect(within(past).getByText('Hugo')).toBeTruthy();
  });
});
