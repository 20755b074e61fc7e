// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { track } from '../../analytics/analytics';
import { toastStore } from '../../state/toasts';
import { buildVillage, ID, type Member } from '../../testing/nina-village';
import { MembersPage } from './members-page';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const section = (name: RegExp | string) => screen.getByRole('region', { name });
const rows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => [item.querySelector('.member-name')?.textContent, item.querySelector('.member-role')?.textContent]);

async function showMembers(as: Member, before?: () => Promise<unknown>) {
  await buildVillage(as);
  await before?.();
  const rendered = await renderScreen(() => <MembersPage villageId={ID.village} />);
  await screen.findByRole('heading', { level: 2, name: /Dans le village/ });
  return rendered;
}

describe('the members page', () => {
  it('lists the members with their role, managers first, and says which one is me', async () => {
    await showMembers('hugo');
    expect(rows(section('Dans le village (4 membres)'))).toEqual([
      ['Claire Martin', 'Organisateur·rice'],
      ['Nina Martin', 'Personne aidée'],
      ['Hugo Martin (vous)', 'Aidant·e'],
      ['Olga Martin', 'Aidant·e'],
    ]);
    // A helper removes nobody, and goes back to the infos (the manage page is not theirs).
    expect(screen.queryByRole('button', { name: /^Retirer/ })).toBeNull();
    expect(screen.getByRole('link', { name: '← Infos du village' }).getAttribute('href')).toBe(`/dashboard/villages/${ID.village}/infos`);
  });

  it('offers organisers, and them only, to invite by mail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    try {
      await showMembers('hugo');
      expect(screen.queryByRole('heading', { name: 'Inviter par e-mail' })).toBeNull();
      cleanup();
      await showMembers('claire');
      expect(screen.getByRole('heading', { name: 'Inviter par e-mail' })).toBeTruthy();
      expect(await screen.findByText('Aucune invitation en attente.')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('let a manager remove a helper, never a manager nor themselves, after a confirmation', async () => {
    await showMembers('claire');
    expect(screen.getAllByRole('button', { name: /^Retirer .* du village$/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Retirer Hugo Martin du village',
      'Retirer Olga Martin du village',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Hugo Martin du village' }));
    const dialog = screen.getByRole('dialog', { hidden: true, name: 'Retirer Hugo Martin du village\u00a0?' });
    expect(within(dialog).getByText(/ses aides prévues ne compteront plus/)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer du village', hidden: true }));

    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['ban-villager', { village_id: ID.village, villager_id: ID.hugo, deleter_id: ID.claire }],
    ]);
    expect(toastStore.get().at(-1)?.text).toBe('Suppression effectuée avec succès.');
    expect(await screen.findByRole('region', { name: 'Anciens membres' })).toBeTruthy();
    expect(rows(section('Anciens membres'))).toEqual([['Hugo Martin', 'Retiré du village']]);
    expect(rows(section('Dans le village (3 membres)')).map(([name]) => name)).toEqual([
      'Claire Martin (vous)',
      'Nina Martin',
      'Olga Martin',
    ]);
  });

  it('shows those who left apart, with nothing to do about them', async () => {
    await showMembers('nina', () => db.villagers.update(ID.olga, { is_out: true }));
    expect(rows(section('Anciens membres'))).toEqual([['Olga Martin', 'A quitté le village']]);
    expect(within(section('Anciens membres')).queryByRole('button')).toBeNull();
  });

  it('let a member leave the village after a confirmation', async () => {
    const { router } = await showMembers('olga');
    fireEvent.click(screen.getByRole('button', { name: 'Quitter ce village' }));
    const dialog = screen.getByRole('dialog', { hidden: true, name: 'Quitter ce village\u00a0?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitter le village', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/villages'));
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['leave-village', { village_id: ID.village, villager_id: ID.olga }],
    ]);
    expect(track).toHaveBeenCalledWith('leave_village');
  });

  it('let a manager leave when another manager stays', async () => {
    const { router } = await showMembers('nina');
    fireEvent.click(screen.getByRole('button', { name: 'Quitter ce village' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { hidden: true, name: 'Quitter ce village\u00a0?' })).getByRole('button', {
        name: 'Quitter le village',
        hidden: true,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/villages'));
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['leave-village']);
  });

  it('keep the last manager in, saying why', async () => {
    await showMembers('claire', () => db.villagers.update(ID.nina, { is_out: true }));
    expect(screen.queryByRole('button', { name: 'Quitter ce village' })).toBeNull();
    // Said where it shows, the members page: not "dans Membres", the way to name one is listed above.
    expect(screen.getByText(/Vous êtes la seule personne à gérer ce village/).textContent).toBe(
      'Vous êtes la seule personne à gérer ce village\u00a0: pour pouvoir le quitter, nommez d’abord un·e co-organisateur·rice parmi les membres ci-dessus.',
    );
  });

  it('let the creator name a helper co-organiser after saying what it means, and take it back', async () => {
    await showMembers('claire');
    // The creator and the needy person manage by right: only helpers are offered the role.
    expect(screen.getAllByRole('button', { name: /^Nommer co-organisateur·rice/ }).map((b) => b.textContent)).toEqual([
      'Nommer co-organisateur·rice\u00a0: Hugo Martin',
      'Nommer co-organisateur·rice\u00a0: Olga Martin',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Nommer co-organisateur·rice : Hugo Martin' }));
    const dialog = screen.getByRole('dialog', { hidden: true, name: 'Nommer Hugo Martin co-organisateur·rice\u00a0?' });
    expect(dialog.textContent).toContain('ajouter et modifier des besoins, gérer les créneaux, et retirer des aidants du village');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nommer co-organisateur·rice', hidden: true }));

    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['set-villager-role', { village_id: ID.village, villager_id: ID.hugo, input: { is_manager: true, updater_id: ID.claire } }],
    ]);
    // Shown at once, in words: the badge, and the button that takes it back.
    await waitFor(() => expect(rows(section('Dans le village (4 membres)'))[2]).toEqual(['Hugo Martin', 'Aidant·eCo-organisateur·rice']));
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le rôle de co-organisateur·rice : Hugo Martin' }));
    const back = screen.getByRole('dialog', { hidden: true, name: 'Retirer le rôle de co-organisateur·rice à Hugo Martin\u00a0?' });
    fireEvent.click(within(back).getByRole('button', { name: 'Retirer le rôle', hidden: true }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    expect((await db.outbox.toArray()).at(-1)?.payload).toMatchObject({ villager_id: ID.hugo, input: { is_manager: false } });
    await waitFor(() => expect(screen.queryByText('Co-organisateur·rice')).toBeNull());
  });

  it('offer the role to nobody when a helper or a co-organiser looks, and show the badge to all', async () => {
    await showMembers('olga', () => db.villagers.update(ID.hugo, { is_manager: true }));
    expect(screen.queryByRole('button', { name: /co-organisateur/ })).toBeNull();
    expect(rows(section('Dans le village (4 membres)'))[2]).toEqual(['Hugo Martin', 'Aidant·eCo-organisateur·rice']);
    cleanup();
    // A co-organiser manages (removes helpers) but names nobody.
    await showMembers('hugo', () => db.villagers.update(ID.hugo, { is_manager: true }));
    expect(screen.queryByRole('button', { name: /co-organisateur/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retirer Olga Martin du village' })).toBeTruthy();
  });
});
