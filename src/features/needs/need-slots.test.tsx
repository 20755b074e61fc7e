// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import { type Help, type Schedule } from '../../contract';
import { expandSchedule } from '../../contract/schedule';
import { formatHelpSlot } from '../../contract/french-time';
import { db } from '../../db/database';
import { NeedDetailPage } from './need-detail-page';
import { buildVillage, ID, type Member } from '../../testing/nina-village';
import { aHelp, aNeed } from '../../testing/factories';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

/** A text as getByText reads the screen: its whitespace, the formatter's non-breaking spaces included, as plain spaces. */
const asRead = (text: string) => text.replace(/\u00a0/g, ' ');

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const ZONE = 'Europe/Paris';
const DINNER = '0190a000-0000-7000-8000-0000000000f9';
const paris = () => DateTime.now().setZone(ZONE);

/** A scheduled need "Dîner" in the test village, and its occurrences to come. */
async function dinner(schedule: Schedule) {
  await db.needs.put(
    aNeed({ id: DINNER, village_id: ID.village, name: 'Dîner', schedule, address: '12 rue des Lilas, Lyon', diet: 'Sans noix' }),
  );
  const now = new Date();
  return expandSchedule(schedule, ZONE, now, DateTime.fromJSDate(now).plus({ weeks: 8 }).toJSDate(), now);
}

const helpOn = (helper: Member, start_date: string, end_date: string, comment: string | null = null) =>
  aHelp({ village_id: ID.village, village_need_id: DINNER, helper_id: ID[helper], start_date, end_date, comment });

/** The row of one slot, found by its date and time in words. */
const rowOf = (slot: { start_date: string; end_date: string }) =>
  screen.getByText(asRead(formatHelpSlot(slot.start_date, slot.end_date, undefined, ZONE))).closest('li') as HTMLElement;

/**
 * Three evenings from three days on, 19 h for 1 h 30, `places` each: always more than 48 hours away (from the day
 * after tomorrow, the first was under 48 hours away each evening after 19 h, and the late-withdrawal warning showed).
 */
const threeEvenings = (places: number): Schedule => ({
  dtstart: `${paris().plus({ days: 3 }).toISODate()}T19:00`,
  duration_minutes: 90,
  rrule: 'FREQ=DAILY;COUNT=3',
  exdates: [],
  places,
});

/** Hugo's screen of the need, its first slot held by `helper` (with `more` on the help). */
async function firstSlotHeldBy(helper: Member, schedule: Schedule, more: Partial<Help> = {}) {
  await buildVillage('hugo');
  const [slot] = await dinner(schedule);
  const help = { ...helpOn(helper, slot.start_date, slot.end_date), ...more };
  await db.helps.put(help);
  await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={DINNER} />);
  await screen.findByRole('heading', { name: 'Prochains créneaux' });
  return { slot, help };
}

/** « Je ne peux plus » on the slot: the dialog it opens. */
function cannotCome(slot: { start_date: string; end_date: string }) {
  fireEvent.click(within(rowOf(slot)).getByRole('button', { name: /^Je ne peux plus/ }));
  return screen.getByRole('dialog', { hidden: true, name: 'Vous ne pouvez plus venir\u00a0?' });
}

describe('a scheduled need’s slots', () => {
  it('are taken in one tap, shown as mine at once, then a note can be added', async () => {
    await buildVillage('hugo');
    const [first, second] = await dinner(threeEvenings(2));
    await db.helps.put(helpOn('olga', first.start_date, first.end_date, 'Je fais une soupe'));
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={DINNER} />);

    expect(await screen.findByRole('heading', { name: 'Prochains créneaux' })).toBeTruthy();
    expect(within(rowOf(first)).getByText(/1 place libre sur 2/)).toBeTruthy();
    expect(within(rowOf(first)).getByText(/Olga/).textContent).toBe('Olga\u00a0: «\u00a0Je fais une soupe\u00a0»');
    expect(within(rowOf(second)).getByText(/À pourvoir/)).toBeTruthy();
    // Practical details, read from this device.
    expect(screen.getByText('12 rue des Lilas, Lyon')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Voir sur une carte/ }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/search?query=12%20rue%20des%20Lilas%2C%20Lyon',
    );

    fireEvent.click(within(rowOf(second)).getByRole('button', { name: /^Je m’en occupe/ }));
    await waitFor(() => expect(within(rowOf(second)).getByText(/Vous y allez/)).toBeTruthy());
    expect(within(rowOf(second)).queryByRole('button', { name: /^Je m’en occupe/ })).toBeNull();
    expect(within(rowOf(second)).getByRole('button', { name: /^Je ne peux plus/ })).toBeTruthy();
    const [take] = await db.outbox.toArray();
    expect(take).toMatchObject({
      kind: 'add-help',
      payload: {
        village_id: ID.village,
        village_need_id: DINNER,
        input: { helper_id: ID.hugo, start_date: second.start_date, end_date: second.end_date, comment: null },
        need_name: 'Dîner',
        time_zone: ZONE,
        slot: true,
      },
    });
    const helpId = (take.payload as { id: string }).id;

    const prompt = screen.getByRole('dialog', { name: /C’est noté\u00a0: vous y allez/ });
    fireEvent.change(within(prompt).getByLabelText('Un mot pour le village ? (facultatif)'), {
      target: { value: ' j’apporte une soupe ' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Ajouter ce mot' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /C’est noté/ })).toBeNull());
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['add-help', take.payload],
      ['update-help', { village_id: ID.village, help_id: helpId, input: { updater_id: ID.hugo, comment: 'j’apporte une soupe' } }],
    ]);
    await waitFor(() =>
      expect(within(rowOf(second)).getByText('Vous', { selector: '.slot-holders li' }).textContent).toBe(
        'Vous\u00a0: «\u00a0j’apporte une soupe\u00a0»',
      ),
    );
  });

  it('says beside a slot taken on this device whether its take waits, was sent or was refused', async () => {
    await buildVillage('hugo');
    const [first, second] = await dinner(threeEvenings(1));
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={DINNER} />);
    await screen.findByRole('heading', { name: 'Prochains créneaux' });
    expect(document.querySelector('.slot-write')).toBeNull();

    fireEvent.click(within(rowOf(first)).getByRole('button', { name: /^Je m’en occupe/ }));
    await waitFor(() => expect(within(rowOf(first)).getByText('Inscription en attente d’envoi')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Non merci' }));
    // Sent: the drain takes it out of the queue.
    const [take] = await db.outbox.toArray();
    await db.outbox.delete(take.seq!);
    await waitFor(() => expect(within(rowOf(first)).getByText('Inscription envoyée')).toBeTruthy());

    fireEvent.click(within(rowOf(second)).getByRole('button', { name: /^Je m’en occupe/ }));
    await waitFor(() => expect(within(rowOf(second)).getByText('Inscription en attente d’envoi')).toBeTruthy());
    // Refused: the slot was full on the server; the pull after the refusal gives it to Olga.
    const [refused] = await db.outbox.toArray();
    await db.transaction('rw', db.outbox, db.helps, async () => {
      await db.outbox.update(refused.seq!, {
        status: 'failed',
        failure: { status: 409, message: "Ce créneau est complet\u00a0: Olga s'en occupe." },
      });
      await db.helps.delete((refused.payload as { id: string }).id);
      await db.helps.put(helpOn('olga', second.start_date, second.end_date));
    });
    await waitFor(() => expect(within(rowOf(second)).getByText('Inscription refusée')).toBeTruthy());
    expect(within(rowOf(second)).getByText(/Complet/)).toBeTruthy();
    expect(within(rowOf(first)).queryByText('Inscription refusée')).toBeNull();
  });

  it('says a full slot is full and offers no button on it', async () => {
    await buildVillage('hugo');
    const [first, second] = await dinner(threeEvenings(1));
    await db.helps.put(helpOn('olga', first.start_date, first.end_date));
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={DINNER} />);
    await screen.findByRole('heading', { name: 'Prochains créneaux' });
    expect(within(rowOf(first)).getByText(/Complet/)).toBeTruthy();
    expect(within(rowOf(first)).queryByRole('button')).toBeNull();
    expect(within(rowOf(second)).getByRole('button', { name: /^Je m’en occupe/ })).toBeTruthy();
  });

  it('warns a helper withdrawing under 48 hours ahead that the organisers will be told', async () => {
    const schedule: Schedule = {
      dtstart: `${paris().plus({ days: 1 }).toISODate()}T19:00`,
      duration_minutes: 60,
      rrule: null,
      exdates: [],
      places: 1,
    };
    const { slot, help: mine } = await firstSlotHeldBy('hugo', schedule);
    const dialog = cannotCome(slot);
    expect(
      within(dialog).getByText(/moins de 48 heures : si vous vous retirez, les personnes qui organisent le village seront prévenues/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Me retirer', hidden: true }));
    await waitFor(async () => expect(await db.helps.get(mine.id)).toBeUndefined());
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      ['delete-help', { village_id: ID.village, help_id: mine.id, villager_id: ID.hugo, need_name: 'Dîner', start_date: mine.start_date }],
    ]);
  });

  it('«\u00a0Je ne peux plus\u00a0» asks for a replacement first: the helper keeps the slot, says so, and may come after all', async () => {
    const { slot, help: mine } = await firstSlotHeldBy('hugo', threeEvenings(1));
    const dialog = cannotCome(slot);
    expect(within(dialog).queryByText(/moins de 48 heures/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chercher un remplaçant', hidden: true }));
    await waitFor(() => expect(within(rowOf(slot)).getByText(/cherchez quelqu’un/)).toBeTruthy());
    expect(within(rowOf(slot)).getByText(/Vous y allez/)).toBeTruthy();
    expect((await db.helps.get(mine.id))?.replacement_asked_at).toEqual(expect.any(String));
    fireEvent.click(within(rowOf(slot)).getByRole('button', { name: /^Je peux venir finalement/ }));
    await waitFor(async () => expect((await db.helps.get(mine.id))?.replacement_asked_at).toBeNull());
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['ask-replacement', 'cancel-replacement']);
  });

  it('shows another member «\u00a0Olga cherche quelqu’un\u00a0» and takes the slot over in one tap', async () => {
    const { slot, help: olgas } = await firstSlotHeldBy('olga', threeEvenings(1), { replacement_asked_at: new Date().toISOString() });
    expect(within(rowOf(slot)).getByText(/Olga/).textContent).toBe('Olga cherche quelqu’un');
    expect(within(rowOf(slot)).getByText(/Complet/)).toBeTruthy();
    fireEvent.click(within(rowOf(slot)).getByRole('button', { name: /^Je prends le relais d’Olga/ }));
    await waitFor(() => expect(within(rowOf(slot)).getByText(/Vous y allez/)).toBeTruthy());
    expect(await db.helps.get(olgas.id)).toBeUndefined();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'take-over-help', payload: { help_id: olgas.id, helper_id: ID.hugo, need_name: 'Dîner' } });
    expect((await db.helps.get((entry.payload as { id: string }).id))?.helper_id).toBe(ID.hugo);
  });

  it('lets a manager cancel one date: it joins the cancelled dates and its helper is released', async () => {
    await buildVillage('claire');
    const schedule = threeEvenings(1);
    const [first, second] = await dinner(schedule);
    const olgas = helpOn('olga', second.start_date, second.end_date);
    await db.helps.put(olgas);
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={DINNER} />);
    await screen.findByRole('heading', { name: 'Prochains créneaux' });
    expect(within(rowOf(first)).getByRole('button', { name: /^Je m’en occupe/ })).toBeTruthy();
    fireEvent.click(within(rowOf(second)).getByRole('button', { name: /^Annuler ce créneau/ }));
    const dialog = screen.getByRole('dialog', { hidden: true, name: 'Annuler ce créneau\u00a0?' });
    expect(within(dialog).getByText('La personne qui l’avait pris sera prévenue.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler ce créneau', hidden: true }));
    const label = DateTime.fromISO(second.start_date, { zone: ZONE }).toFormat("yyyy-LL-dd'T'HH:mm");
    await waitFor(async () => expect((await db.needs.get(DINNER))?.schedule?.exdates).toEqual([label]));
    expect(await db.helps.get(olgas.id)).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      [
        'update-need',
        { village_id: ID.village, need_id: DINNER, input: { updater_id: ID.claire, schedule: { ...schedule, exdates: [label] } } },
      ],
    ]);
    await waitFor(() => expect(screen.queryByText(asRead(formatHelpSlot(second.start_date, second.end_date, undefined, ZONE)))).toBeNull());
  });
});

describe('editing a scheduled need', () => {
  it('is prefilled from its schedule and says before saving which taken slots an edit releases', async () => {
    await buildVillage('claire');
    const monday = paris().plus({ weeks: 1 }).startOf('week');
    const schedule: Schedule = {
      dtstart: `${monday.toISODate()}T19:00`,
      duration_minutes: 90,
      rrule: `FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=${monday.plus({ weeks: 6, days: -1 }).toFormat('yyyyLLdd')}T235959Z`,
      exdates: [],
      places: 3,
    };
    const slots = await dinner(schedule);
    const wednesday = slots[1];
    const olgas = helpOn('olga', wednesday.start_date, wednesday.end_date);
    await db.helps.put(olgas);
    await renderScreen(() => <NeedDetailPage villageId={ID.village} needId={DINNER} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le besoin' }));

    expect((screen.getByLabelText('Première date') as HTMLInputElement).value).toBe(monday.toISODate());
    expect((screen.getByLabelText('Heure') as HTMLInputElement).value).toBe('19:00');
    expect((screen.getByRole('combobox', { name: 'Durée de chaque créneau' }) as HTMLSelectElement).value).toBe('90');
    expect((screen.getByLabelText('Nombre de personnes par créneau') as HTMLInputElement).value).toBe('3');
    expect((screen.getByRole('radio', { name: 'Chaque semaine' }) as HTMLInputElement).checked).toBe(true);
    expect(
      ['lundi', 'mercredi', 'vendredi', 'mardi'].map((day) => (screen.getByRole('checkbox', { name: day }) as HTMLInputElement).checked),
    ).toEqual([true, true, true, false]);
    expect((screen.getByRole('radio', { name: 'Jusqu’à une date' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/^18 créneaux, du lundi/)).toBeTruthy();
    expect(screen.queryByText(/seront libérés|sera libéré/)).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'mercredi' }));
    expect(await screen.findByText('⚠️ 1 créneau déjà pris sera libéré ; la personne sera prévenue.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Libérer des créneaux déjà pris\u00a0?' });
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer quand même', hidden: true }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [edit] = await db.outbox.toArray();
    expect(edit.payload).toEqual({
      village_id: ID.village,
      need_id: DINNER,
      input: {
        updater_id: ID.claire,
        name: 'Dîner',
        description: null,
        schedule: { ...schedule, rrule: schedule.rrule!.replace('MO,WE,FR', 'MO,FR') },
      },
    });
    expect(await db.helps.get(olgas.id)).toBeUndefined();
  });
});
