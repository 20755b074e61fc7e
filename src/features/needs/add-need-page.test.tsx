// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import { db } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { requestReplay } from '../../outbox/page-replayer';
import { QuotaExceeded } from '../../outbox/quota';
import { AddNeedPage } from './add-need-page';
import { buildVillage, ID } from '../../testing/nina-village';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

// Sending is the outbox's business: here only that it is asked for.
vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../outbox/enqueue', async (original) => {
  const actual = await original<typeof import('../../outbox/enqueue')>();
  return { enqueue: vi.fn(actual.enqueue) };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const add = () => fireEvent.click(screen.getByRole('button', { name: 'Ajouter ce besoin' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('adding a need', () => {
  it('tells a helper that only the organisers add needs', async () => {
    await buildVillage('hugo');
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    expect(
      await screen.findByText(
        'Seules les personnes qui organisent le village (qui l’a créé, la personne aidée et les co-organisateur·rices) peuvent ajouter un besoin.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter ce besoin' })).toBeNull();
  });

  it('asks for a choice, then a free need’s name, with the spec’s messages', async () => {
    await buildVillage('claire');
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    await screen.findByRole('group', { name: 'Quel besoin\u00a0?' });
    add();
    expect(await screen.findByText('Ce champ est requis')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]));

    fireEvent.click(screen.getByLabelText('Un autre besoin, que je décris'));
    add();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nom du besoin')));
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();

    type('Nom du besoin', 'x'.repeat(101));
    type('Description', 'y'.repeat(2001));
    add();
    expect(await screen.findByText('Ce champs doit contenir 100 caractères maximum')).toBeTruthy();
    expect(screen.getByText('Ce champs doit contenir 2000 caractères maximum')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks the catalogue needs the village already has', async () => {
    await buildVillage('nina');
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    const meals = (await screen.findByRole('radio', { name: /Repas/ })) as HTMLInputElement;
    expect(meals.disabled).toBe(true);
    expect(screen.getByText('(déjà dans le village)')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Courses' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('keeps a free need on the device with one outbox entry, asks for it to be sent, and goes back to the list', async () => {
    await buildVillage('nina');
    const { router } = await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    fireEvent.click(await screen.findByLabelText('Un autre besoin, que je décris'));
    type('Nom du besoin', '  Arroser les plantes ');
    type('Description', 'Le mardi');
    add();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/villages/${ID.village}/needs`));
    const added = (await db.needs.where('village_id').equals(ID.village).toArray()).find((n) => n.name === 'Arroser les plantes');
    expect(added).toMatchObject({ need_id: null, category_id: null, description: 'Le mardi' });
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: 'create-need',
      villageId: ID.village,
      status: 'pending',
      payload: {
        village_id: ID.village,
        id: added!.id,
        input: { villager_id: ID.nina, name: 'Arroser les plantes', description: 'Le mardi' },
      },
    });
    expect(requestReplay).toHaveBeenCalledTimes(1);
  });

  it('takes a catalogue need with its name and category', async () => {
    await buildVillage('claire');
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Transport' }));
    add();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const added = (await db.needs.toArray()).find((n) => n.need_id === ID.catalogueTransport);
    expect(added).toMatchObject({ name: 'Transport', category_id: ID.care, description: null });
    expect((await db.outbox.toArray())[0].payload).toMatchObject({ input: { villager_id: ID.claire, need_id: ID.catalogueTransport } });
  });

  it('says so when the device is full, and keeps what was typed', async () => {
    await buildVillage('claire');
    vi.mocked(enqueue).mockRejectedValueOnce(new QuotaExceeded());
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    fireEvent.click(await screen.findByLabelText('Un autre besoin, que je décris'));
    type('Nom du besoin', 'Arroser les plantes');
    add();
    expect((await screen.findByRole('alert')).textContent).toBe(new QuotaExceeded().message);
    expect((screen.getByLabelText('Nom du besoin') as HTMLInputElement).value).toBe('Arroser les plantes');
    expect(requestReplay).not.toHaveBeenCalled();
  });

  it('builds "lundi, mercredi et vendredi à 19 h pendant 6 semaines, 3 places" with its practical details, showing the 18 slots first', async () => {
    await buildVillage('nina');
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    // A Monday at least a week ahead, whenever the test runs.
    const monday = DateTime.now().setZone('Europe/Paris').plus({ weeks: 1 }).startOf('week');
    const first = monday.toISODate()!;
    fireEvent.click(await screen.findByLabelText('Un autre besoin, que je décris'));
    type('Nom du besoin', 'Dîner');
    fireEvent.click(screen.getByRole('radio', { name: 'À des dates précises' }));
    type('Première date', first);
    type('Heure', '19:00');
    fireEvent.change(screen.getByRole('combobox', { name: 'Durée de chaque créneau' }), { target: { value: '90' } });
    type('Nombre de personnes par créneau', '3');
    fireEvent.click(screen.getByRole('radio', { name: 'Chaque semaine' }));
    // The first date's day is ticked already.
    expect((screen.getByRole('checkbox', { name: 'lundi' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'mercredi' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'vendredi' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pendant un nombre de semaines' }));
    type('Nombre de semaines', '6');
    expect(await screen.findByText(/^18 créneaux, du lundi \d+ \S+( \d{4})? au vendredi \d+ \S+( \d{4})?\.$/)).toBeTruthy();
    type('Adresse', '12 rue des Lilas, Lyon');
    type('Accès', 'Code 1234, 2e étage');
    type('Nombre de personnes à nourrir', '3');
    type('Régime et allergies', 'Sans noix');
    add();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const until = monday.plus({ weeks: 6, days: -1 }).toFormat('yyyyLLdd');
    expect((await db.outbox.toArray())[0].payload).toMatchObject({
      input: {
        name: 'Dîner',
        schedule: {
          dtstart: `${first}T19:00`,
          duration_minutes: 90,
          rrule: `FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=${until}T235959Z`,
          exdates: [],
          places: 3,
        },
        address: '12 rue des Lilas, Lyon',
        access: 'Code 1234, 2e étage',
        people: 3,
        diet: 'Sans noix',
      },
    });
  });

  it('says what is wrong in the dates at each field and keeps what was typed', async () => {
    await buildVillage('nina');
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    fireEvent.click(await screen.findByLabelText('Un autre besoin, que je décris'));
    type('Nom du besoin', 'Dîner');
    fireEvent.click(screen.getByRole('radio', { name: 'À des dates précises' }));
    type('Nombre de personnes par créneau', '25');
    type('Nombre de personnes à nourrir', 'deux');
    add();
    expect(await screen.findByText('Le nombre de places doit être compris entre 1 et 20')).toBeTruthy();
    expect(screen.getAllByText('Ce champ est requis')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Première date')));
    expect((screen.getByLabelText('Nom du besoin') as HTMLInputElement).value).toBe('Dîner');
    expect((screen.getByLabelText('Nombre de personnes par créneau') as HTMLInputElement).value).toBe('25');
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks a need « Visible aux organisateurs seulement », and says under the free texts not to write medical details', async () => {
    await buildVillage('nina');
    await renderScreen(() => <AddNeedPage villageId={ID.village} />);
    fireEvent.click(await screen.findByLabelText('Un autre besoin, que je décris'));
    type('Nom du besoin', 'Rendez-vous');
    for (const label of ['Description', 'Adresse']) {
      const described = (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '').split(' ');
      const texts = described.map((id) => document.getElementById(id)?.textContent ?? '');
      expect(texts.some((text) => text.startsWith('N’écrivez pas de détails médicaux'))).toBe(true);
    }
    const only = screen.getByRole('checkbox', { name: 'Visible aux organisateurs seulement' }) as HTMLInputElement;
    expect(only.checked).toBe(false);
    expect(document.getElementById(only.getAttribute('aria-describedby')!)?.textContent).toContain(
      'seules les personnes qui organisent le village le voient',
    );
    fireEvent.click(only);
    add();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0].payload).toMatchObject({ input: { name: 'Rendez-vous', organisers_only: true } });
    expect((await db.needs.toArray()).find((need) => need.name === 'Rendez-vous')).toMatchObject({ organisers_only: true });
  });
});
