// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { toastStore } from '../../state/toasts';
import { NeedDetailPage } from './need-detail-page';
import { buildVillage, ID } from '../../testing/nina-village';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const listPath = `/dashboard/villages/${ID.village}/needs`;

describe('a need', () => {
  it('shows its category, description and helps, and leaves changes to managers', async () => {
    await buildVillage('olga');
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={ID.needMeals} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Repas' })).toBeTruthy();
    expect(screen.getByText('Maison')).toBeTruthy();
    expect(screen.getByText('Le midi, sans sel.')).toBeTruthy();
    expect(screen.getByText('Aujourd’hui : 0 aides · À venir : 2 aides')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les aides' }).getAttribute('href')).toBe(`${listPath}/${ID.needMeals}/helps`);
    expect(screen.getByRole('link', { name: 'Proposer mon aide' }).getAttribute('href')).toBe(`${listPath}/${ID.needMeals}/helps/add`);
    expect(screen.queryByRole('button', { name: 'Modifier le besoin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer le besoin' })).toBeNull();
  });

  it('lets a manager change its name and description, then says so and goes back to the list', async () => {
    await buildVillage('nina');
    const { router } = await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={ID.needDog} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le besoin' }));
    fireEvent.change(screen.getByLabelText('Nom du besoin'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ est requis')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Nom du besoin'), { target: { value: 'Promener Rex' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Le soir' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(listPath));
    expect(toastStore.get().at(-1)?.text).toBe('Vos modifications ont bien été enregistrées.');
    expect(await db.needs.get(ID.needDog)).toMatchObject({ name: 'Promener Rex', description: 'Le soir' });
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      [
        'update-need',
        { village_id: ID.village, need_id: ID.needDog, input: { updater_id: ID.nina, name: 'Promener Rex', description: 'Le soir' } },
      ],
    ]);
  });

  it('is deleted with its helps after a confirmation that says so', async () => {
    await buildVillage('claire');
    const { router } = await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={ID.needMeals} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le besoin' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText(/avec toutes les aides proposées pour lui/)).toBeTruthy();
    expect(within(dialog).getByText(/2 aides prévues/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le besoin', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe(listPath));
    expect(toastStore.get().at(-1)?.text).toBe('Suppression effectuée avec succès.');
    expect(await db.needs.get(ID.needMeals)).toBeUndefined();
    expect(await db.helps.where('village_need_id').equals(ID.needMeals).count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['delete-need', { village_id: ID.village, need_id: ID.needMeals, villager_id: ID.claire, need_name: 'Repas' }],
    ]);
  });

  it('says when it does not exist', async () => {
    await buildVillage('claire');
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId="0190a000-0000-7000-8000-0000000000ff" />);
    expect(await screen.findByText('Ce besoin n’existe pas ou a été supprimé.')).toBeTruthy();
  });

  it('tells a helper without a slot that the address and door code go to those who take one', async () => {
    await buildVillage('olga');
    await db.needs.update(ID.needMeals, { address: null, access: null, details_hidden: true });
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={ID.needMeals} />);
    const details = await screen.findByRole('region', { name: 'Infos pratiques' });
    expect(within(details).getByText('Adresse et accès communiqués aux personnes inscrites à un créneau.')).toBeTruthy();
    expect(within(details).queryByText('Adresse')).toBeNull();
  });

  it('shows the address and door code to whoever may read them, without the notice', async () => {
    await buildVillage('olga');
    await db.needs.update(ID.needMeals, { address: '12 rue des Lilas', access: 'Code 1234B', details_hidden: false });
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={ID.needMeals} />);
    const details = await screen.findByRole('region', { name: 'Infos pratiques' });
    expect(within(details).getByText('12 rue des Lilas')).toBeTruthy();
    expect(within(details).getByText('Code 1234B')).toBeTruthy();
    expect(within(details).queryByText(/communiqués aux personnes inscrites/)).toBeNull();
  });

  it('lets a manager make a need visible to the organisers only, sending that field alone', async () => {
    await buildVillage('nina');
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={ID.needDog} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le besoin' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Visible aux organisateurs seulement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const { payload } = (await db.outbox.toArray())[0] as { payload: { input: Record<string, unknown> } };
    expect(payload).toMatchObject({ input: { updater_id: ID.nina, organisers_only: true } });
    expect(Object.keys(payload.input).sort()).toEqual(['description', 'name', 'organisers_only', 'updater_id']);
    expect(await db.needs.get(ID.needDog)).toMatchObject({ organisers_only: true });
  });
});
