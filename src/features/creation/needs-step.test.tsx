// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { NeedsStep, AT_LEAST_ONE_NEED } from './needs-step';
import { readProgress } from './progress';
import { CID, outboxEntries, pendingVillage, signInClaire } from '../../testing/creation-world';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { asRead } from '../../testing/as-read';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../analytics/analytics', () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
const typeFree = (value: string) => fireEvent.change(screen.getByLabelText('Un autre besoin'), { target: { value } });
const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));
const villageNeeds = async () =>
  (await db.needs.where('village_id').equals(CID.village).toArray()).sort((a, b) => a.name.localeCompare(b.name, 'fr'));

describe('the needs step', () => {
  it('asks for one need at least, and says more can come later', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2, first_name: 'Nina' });
    await renderScreen(() => <NeedsStep pcvi={CID.village} />);
    await screen.findByRole('checkbox', { name: 'Repas' });
    // For a close person, the question is about them, by first name.
    expect(screen.getByRole('heading', { level: 1, name: 'Quels sont les besoins de Nina\u00a0?' })).toBeTruthy();
    expect(screen.getByText('Plusieurs choix possibles. Vous pourrez en ajouter plus tard.')).toBeTruthy();
    send();
    expect(await screen.findByText(asRead(AT_LEAST_ONE_NEED))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('checkbox')[0]));
    expect(await db.outbox.count()).toBe(0);
    tick('Repas');
    expect(screen.queryByText(asRead(AT_LEAST_ONE_NEED))).toBeNull();
  });

  it('creates every chosen need, from the catalogue and in the village’s own words, then goes on to the period', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 2, first_name: 'Nina' });
    const { router } = await renderScreen(() => <NeedsStep pcvi={CID.village} />);
    await screen.findByRole('checkbox', { name: 'Repas' });
    tick('Repas');
    tick('Transport');
    typeFree('Arroser les plantes');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ce besoin' }));
    expect((screen.getByRole('checkbox', { name: 'Arroser les plantes' }) as HTMLInputElement).checked).toBe(true);
    typeFree('arroser les plantes');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ce besoin' }));
    expect(screen.getByText('Ce besoin est déjà dans la liste.')).toBeTruthy();
    // Typed, not added: still meant.
    typeFree('  Nourrir le chat ');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/period'));
    expect(router.state.location.search).toEqual({ pcvi: CID.village });

    const needs = await villageNeeds();
    expect(needs.map((n) => [n.name, n.need_id, n.category_id])).toEqual([
      ['Arroser les plantes', null, null],
      ['Nourrir le chat', null, null],
      ['Repas', CID.meals, CID.home],
      ['Transport', CID.transport, CID.moves],
    ]);
    const entries = await outboxEntries();
    expect(entries.map((e) => e.kind)).toEqual(['create-need', 'create-need', 'create-need', 'create-need']);
    for (const entry of entries) expect(entry.payload).toMatchObject({ village_id: CID.village, input: { villager_id: CID.claire } });
    expect(entries.map((e) => (e.payload as { input: { need_id?: string; name?: string } }).input)).toEqual([
      { villager_id: CID.claire, need_id: CID.meals },
      { villager_id: CID.claire, need_id: CID.transport },
      { villager_id: CID.claire, name: 'Arroser les plantes' },
      { villager_id: CID.claire, name: 'Nourrir le chat' },
    ]);
    expect(readProgress(CID.village)).toBe('needs');
  });

  it('shows the needs already chosen, and deletes those unticked', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 }, [
      { id: CID.needMeals, need_id: CID.meals, category_id: CID.home, name: 'Repas' },
      { id: CID.needFree, name: 'Promener le chien' },
    ]);
    const { router } = await renderScreen(() => <NeedsStep pcvi={CID.village} />);
    const meals = (await screen.findByRole('checkbox', { name: 'Repas' })) as HTMLInputElement;
    const dog = screen.getByRole('checkbox', { name: 'Promener le chien' }) as HTMLInputElement;
    expect([meals.checked, dog.checked]).toEqual([true, true]);
    expect((screen.getByRole('checkbox', { name: 'Courses' }) as HTMLInputElement).checked).toBe(false);

    tick('Repas');
    tick('Courses');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/village/period'));
    const entries = await outboxEntries();
    expect(entries.map((e) => e.kind)).toEqual(['create-need', 'delete-need']);
    expect(entries[1].payload).toEqual({ village_id: CID.village, need_id: CID.needMeals, villager_id: CID.claire });
    expect((await villageNeeds()).map((n) => n.name)).toEqual(['Courses', 'Promener le chien']);
  });

  it('keeps a free need’s name within 100 characters', async () => {
    await signInClaire();
    await pendingVillage({ creation_mode: 1 });
    await renderScreen(() => <NeedsStep pcvi={CID.village} />);
    await screen.findByRole('checkbox', { name: 'Repas' });
    // For oneself, the question is the creator's own.
    expect(screen.getByRole('heading', { level: 1, name: 'De quoi avez-vous besoin\u00a0?' })).toBeTruthy();
    typeFree('x'.repeat(101));
    send();
    expect(await screen.findByText('Ce champs doit contenir 100 caractères maximum')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Un autre besoin')));
    expect(await db.outbox.count()).toBe(0);
  });
});
