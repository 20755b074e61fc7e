// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { toastStore } from '../../state/toasts';
import { buildVillage, ID, type Member } from '../../testing/nina-village';
import { GapAlertsPage, HomeInfosPage, PeriodPage, PhonePage, PresentationPage } from './manage-sub-pages';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const managePath = `/dashboard/villages/${ID.village}/manage`;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
const errorOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return field.getAttribute('aria-invalid') === 'true'
    ? ids.map((id) => document.getElementById(id)).find((el) => el?.className === 'field-error')?.textContent
    : undefined;
};
const outbox = async () => (await db.outbox.toArray()).map((e) => [e.kind, e.payload]);

async function open(Page: typeof HomeInfosPage, as: Member = 'nina') {
  await buildVillage(as);
  const rendered = await renderScreen(() => <Page villageId={ID.village} />);
  return rendered;
}

async function savedAndBack(router: Awaited<ReturnType<typeof open>>['router']) {
  await waitFor(() => expect(router.state.location.pathname).toBe(managePath));
  expect(toastStore.get().at(-1)?.text).toBe('Vos modifications ont bien été enregistrées.');
}

describe('the home infos form', () => {
  it('refuses more than 2000 characters at the field, keeping the text, then queues the change', async () => {
    const { router } = await open(HomeInfosPage);
    const long = 'x'.repeat(2001);
    await screen.findByLabelText('Infos pratiques');
    type('Infos pratiques', long);
    save();
    await waitFor(() => expect(errorOf('Infos pratiques')).toBe('Ce champs doit contenir 2000 caractères maximum'));
    expect((screen.getByLabelText('Infos pratiques') as HTMLTextAreaElement).value).toBe(long);
    expect(await db.outbox.count()).toBe(0);

    type('Infos pratiques', '  Code 4821B, le chat ne sort pas.  ');
    save();
    await savedAndBack(router);
    expect(await outbox()).toEqual([
      ['update-village', { village_id: ID.village, input: { updater_id: ID.nina, home_infos: 'Code 4821B, le chat ne sort pas.' } }],
    ]);
    expect(await db.villages.get(ID.village)).toMatchObject({ home_infos: 'Code 4821B, le chat ne sort pas.' });
  });

  it('is for managers only: a helper is told why', async () => {
    await open(HomeInfosPage, 'hugo');
    expect(
      await screen.findByText(
        'Seules les personnes qui organisent le village (qui l’a créé, la personne aidée, les co-organisateur·rices) peuvent modifier les infos pratiques du domicile.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Infos pratiques')).toBeNull();
  });

  it('writes nothing when nothing changed', async () => {
    const { router } = await open(HomeInfosPage);
    await screen.findByLabelText('Infos pratiques');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe(managePath));
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the presentation form', () => {
  it('requires the village’s name and, for a close person, their first name', async () => {
    const { router } = await open(PresentationPage, 'claire');
    await screen.findByLabelText('Nom du village');
    type('Nom du village', '  ');
    type('Prénom', '');
    type('Présentation', 'y'.repeat(2001));
    save();
    await waitFor(() => expect(errorOf('Nom du village')).toBe('Ce champ est requis'));
    expect(errorOf('Prénom')).toBe('Ce champ est requis');
    expect(errorOf('Présentation')).toBe('Ce champs doit contenir 2000 caractères maximum');
    expect(document.activeElement).toBe(screen.getByLabelText('Nom du village'));

    type('Nom du village', 'x'.repeat(101));
    save();
    await waitFor(() => expect(errorOf('Nom du village')).toBe('Ce champs doit contenir 100 caractères maximum'));

    type('Nom du village', 'Les amis de Nina');
    type('Présentation', 'Nina rentre de l’hôpital.');
    type('Prénom', 'Nina');
    type('Nom', 'Martin');
    type('Lien avec la personne qui a créé le village', 'mère');
    save();
    await savedAndBack(router);
    expect(await outbox()).toEqual([
      [
        'update-village',
        {
          village_id: ID.village,
          input: {
            updater_id: ID.claire,
            name: 'Les amis de Nina',
            infos: 'Nina rentre de l’hôpital.',
            first_name: 'Nina',
            last_name: 'Martin',
            relationship: 'mère',
          },
        },
      ],
    ]);
  });

  it('asks nothing about the person helped in a village made for oneself', async () => {
    await buildVillage('claire');
    await db.villages.update(ID.village, { creation_mode: 1 });
    const { router } = await renderScreen(() => <PresentationPage villageId={ID.village} />);
    await screen.findByLabelText('Nom du village');
    type('Nom du village', 'Le village de Claire');
    expect(screen.queryByLabelText('Prénom')).toBeNull();
    save();
    await savedAndBack(router);
    expect(await outbox()).toEqual([
      ['update-village', { village_id: ID.village, input: { updater_id: ID.claire, name: 'Le village de Claire', infos: null } }],
    ]);
  });
});

describe('the period form', () => {
  it('says at the end field when it comes before the start, then queues both dates', async () => {
    const { router } = await open(PeriodPage);
    await screen.findByLabelText('Début');
    type('Début', '2027-02-28');
    type('Fin', '2027-02-03');
    save();
    await waitFor(() => expect(errorOf('Fin')).toBe('La fin doit être après le début'));
    expect(errorOf('Début')).toBeUndefined();

    type('Fin', '');
    save();
    await savedAndBack(router);
    expect(await outbox()).toEqual([
      ['update-village', { village_id: ID.village, input: { updater_id: ID.nina, start_date: '2027-02-28', end_date: null } }],
    ]);
  });
});

describe('the phone form', () => {
  it('checks the number as typed, queues nothing until it is right, and keeps it in E.164', async () => {
    const { router } = await open(PhonePage);
    await screen.findByLabelText('Numéro de téléphone');
    type('Numéro de téléphone', '06 12 ab');
    save();
    await waitFor(() => expect(errorOf('Numéro de téléphone')).toBe('Le champs doit être un chiffre'));
    type('Numéro de téléphone', '06 12');
    await waitFor(() => expect(errorOf('Numéro de téléphone')).toBe('Le numéro de téléphone est trop court'));
    type('Numéro de téléphone', '0612345678901234');
    await waitFor(() => expect(errorOf('Numéro de téléphone')).toBe('Le numéro de téléphone est trop long'));
    save();
    await waitFor(() => expect(errorOf('Numéro de téléphone')).toBe('Le numéro de téléphone est trop long'));
    // What was typed stays to be corrected, and nothing left for the server.
    expect((screen.getByLabelText('Numéro de téléphone') as HTMLInputElement).value).toBe('0612345678901234');
    expect(await outbox()).toEqual([]);

    type('Numéro de téléphone', '06 12 34 56 78');
    save();
    await savedAndBack(router);
    expect(await outbox()).toEqual([['update-village', { village_id: ID.village, input: { updater_id: ID.nina, phone: '+33612345678' } }]]);
    expect(await db.villages.get(ID.village)).toMatchObject({ phone: '+33612345678' });
  });

  it('shows the number kept in the national format, and a number of another country as it is dialled', async () => {
    await buildVillage('nina');
    await db.villages.update(ID.village, { phone: '+33612345678' });
    await renderScreen(() => <PhonePage villageId={ID.village} />);
    expect(((await screen.findByLabelText('Numéro de téléphone')) as HTMLInputElement).value).toBe('06 12 34 56 78');
    cleanup();
    await db.villages.update(ID.village, { phone: '+442079460958' });
    await renderScreen(() => <PhonePage villageId={ID.village} />);
    expect(((await screen.findByLabelText('Numéro de téléphone')) as HTMLInputElement).value).toBe('+44 20 7946 0958');
  });
});

describe('the urgent slots’ horizon form', () => {
  it('refuses in French a number of days out of 1 to 14 or not whole, then queues the horizon as a number', async () => {
    const { router } = await open(GapAlertsPage);
    const field = (await screen.findByLabelText('Nombre de jours')) as HTMLInputElement;
    expect(field.value).toBe('3');
    for (const bad of ['0', '15', '2.5', '']) {
      type('Nombre de jours', bad);
      save();
      await waitFor(() => expect(errorOf('Nombre de jours')).toBe('Choisissez un nombre de jours entre 1 et 14'));
    }
    expect(await db.outbox.count()).toBe(0);
    type('Nombre de jours', '5');
    save();
    await savedAndBack(router);
    expect(await outbox()).toEqual([['update-village', { village_id: ID.village, input: { updater_id: ID.nina, gap_horizon_days: 5 } }]]);
    expect((await db.villages.get(ID.village))?.gap_horizon_days).toBe(5);
  });
});
