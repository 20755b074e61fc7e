// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import { db } from '../../db/database';
import { buildVillage, helpAt, ID, type Member } from '../../testing/nina-village';
import { VillageHomePage } from './village-home-page';
import { aHelp } from '../../testing/factories';
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

async function showHome(as: Member, fields: Parameters<typeof db.villages.update>[1] = {}) {
  await buildVillage(as);
  await db.villages.update(ID.village, { infos: 'Nina se remet d’une opération de la hanche.', ...fields });
  const rendered = await renderScreen(() => <VillageHomePage villageId={ID.village} latestNews={<p>Les nouvelles ici</p>} />);
  await screen.findByRole('heading', { level: 1, name: 'Nina Martin' });
  return rendered;
}

describe('a village’s home', () => {
  it('shows whom the village helps, the organiser’s words signed for helpers, the news’ place and the circle', async () => {
    await showHome('olga', { photo: { original_url: '/uploads/nina.webp' } });
    expect(document.querySelector('.village-home-head img')?.getAttribute('src')).toBe('/uploads/nina.webp');
    const words = screen.getByRole('region', { name: 'Le mot de Claire Martin' });
    expect(within(words).getByText('Nina se remet d’une opération de la hanche.')).toBeTruthy();
    expect(screen.getByText('Les nouvelles ici')).toBeTruthy();

    const circle = screen.getByRole('region', { name: 'Le cercle' });
    const rows = within(circle)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.village-circle-name')?.textContent);
    // Those who organise first, marked; then the helpers by name.
    expect(rows).toEqual([
      'Claire Martin, Organise le village',
      'Nina Martin, Personne aidée, organise le village',
      'Hugo Martin',
      'Olga Martin',
    ]);
    expect(within(circle).getByText(/4 membres/)).toBeTruthy();
    expect(within(circle).getByRole('link', { name: 'Voir les membres' }).getAttribute('href')).toBe(`${village}/manage/members`);
    expect(screen.getByRole('link', { name: 'Période, contact et infos pratiques' }).getAttribute('href')).toBe(`${village}/infos`);
    expect(screen.queryByRole('link', { name: /^Présentez/ })).toBeNull();
  });

  it('shows initials without a photo, and invites a manager to write the presentation there is not yet', async () => {
    await showHome('claire', { infos: null, photo: null });
    expect(document.querySelector('.village-home-initials')?.textContent).toBe('NM');
    expect(screen.queryByRole('region', { name: /^Le mot de/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Présentez Nina Martin aux membres du village' }).getAttribute('href')).toBe(
      `${village}/manage/infos`,
    );
  });

  it('says what was done in the past week, by whom, and whether it was said done and thanked', async () => {
    await buildVillage('hugo');
    // The fixture's help of last week ends at 11 h seven days ago: inside the week before 11 h. Nine days ago is out.
    await db.helps.delete(ID.helpHugoLastWeek);
    await db.helps.bulkPut([
      helpAt('0190a000-0000-7000-8000-00000000d000', 'claire', -9, 9),
      { ...helpAt('0190a000-0000-7000-8000-00000000d001', 'hugo', -2, 9), done_at: new Date().toISOString(), thanks_count: 1 },
      helpAt('0190a000-0000-7000-8000-00000000d002', 'olga', -1, 18, ID.needDog),
    ]);
    await renderScreen(() => <VillageHomePage villageId={ID.village} />);
    const done = await screen.findByRole('region', { name: 'Fait ces derniers jours' });
    const rows = within(done)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Newest first; the help of nine days ago is older than the week and left out.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Olga · Promener le chien/);
    expect(rows[0]).not.toMatch(/Fait|Merci/);
    expect(rows[1]).toMatch(/^Hugo · Repas.*FaitMerci envoyé$/);
    expect(within(done).getAllByRole('link')[1].getAttribute('href')).toBe(`${village}/needs/${ID.needMeals}/helps`);
  });

  it('says nothing of what was done when the past week held no help', async () => {
    await buildVillage('hugo');
    await db.helps.delete(ID.helpHugoLastWeek);
    await renderScreen(() => <VillageHomePage villageId={ID.village} />);
    await screen.findByRole('heading', { level: 1, name: 'Nina Martin' });
    expect(screen.queryByRole('region', { name: 'Fait ces derniers jours' })).toBeNull();
  });

  it('offers the next slots to fill, each taken in one tap, and the week’s count leading to the planning', async () => {
    await buildVillage('olga');
    const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 });
    await db.needs.update(ID.needDog, {
      schedule: { dtstart: `${tomorrow.toISODate()}T19:00`, duration_minutes: 60, rrule: 'FREQ=DAILY;COUNT=5', exdates: [], places: 2 },
    });
    await renderScreen(() => <VillageHomePage villageId={ID.village} />);
    const section = await screen.findByRole('region', { name: 'Créneaux à pourvoir' });
    const buttons = within(section).getAllByRole('button', { name: /^Je m’en occupe : Promener le chien, / });
    expect(buttons).toHaveLength(3);
    expect(within(section).getAllByText('À pourvoir : 2 places')).toHaveLength(3);
    // The week's count when tomorrow is still this week (not on a Sunday).
    const weekLink = within(section).queryByRole('link', { name: /^Cette semaine\u00a0: \d+ créneaux? à pourvoir$/ });
    expect(weekLink === null).toBe(tomorrow.weekday === 1);
    if (weekLink) expect(weekLink.getAttribute('href')).toBe(`${village}/planning?filtre=a-pourvoir`);

    fireEvent.click(buttons[0]);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry.kind).toBe('add-help');
    expect(entry.payload).toMatchObject({
      village_need_id: ID.needDog,
      input: { helper_id: ID.olga, start_date: tomorrow.set({ hour: 19, minute: 0, second: 0, millisecond: 0 }).toUTC().toISO() },
    });
    // Mine now: the home offers the next ones.
    await waitFor(() =>
      expect(within(section).getAllByRole('button', { name: /^Je m’en occupe/ })[0].textContent).not.toBe(buttons[0].textContent),
    );
  });

  it('lists the slots whose helpers asked for a replacement, but one’s own, each taken over in one tap', async () => {
    await buildVillage('olga');
    const start = DateTime.now().setZone('Europe/Paris').plus({ days: 3 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
    const asked = new Date().toISOString();
    const hugos = aHelp({
      village_id: ID.village,
      village_need_id: ID.needDog,
      helper_id: ID.hugo,
      start_date: start.toUTC().toISO()!,
      replacement_asked_at: asked,
    });
    const olgas = aHelp({
      village_id: ID.village,
      village_need_id: ID.needDog,
      helper_id: ID.olga,
      start_date: start.plus({ days: 1 }).toUTC().toISO()!,
      replacement_asked_at: asked,
    });
    await db.helps.bulkPut([hugos, olgas]);
    await renderScreen(() => <VillageHomePage villageId={ID.village} />);
    const section = await screen.findByRole('region', { name: 'Relais demandés' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0].querySelector('.open-slots-need')?.textContent).toMatch(
      /^Hugo cherche quelqu’un pour «\u00a0Promener le chien\u00a0», /,
    );
    fireEvent.click(within(section).getByRole('button', { name: /^Je prends le relais\u00a0: Hugo cherche quelqu’un/ }));
    await waitFor(async () => expect(await db.helps.get(hugos.id)).toBeUndefined());
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'take-over-help', payload: { help_id: hugos.id, helper_id: ID.olga } });
    // Olga holds it now: nothing left to take over.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Relais demandés' })).toBeNull());
  });

  it('marks « Urgent », in words, the open slots inside the village’s horizon only', async () => {
    await buildVillage('olga');
    const tomorrow = DateTime.now().setZone('Europe/Paris').plus({ days: 1 });
    // Tomorrow, in 6 days and in 11 days: only tomorrow's is within the default 3 days.
    await db.needs.update(ID.needDog, {
      schedule: {
        dtstart: `${tomorrow.toISODate()}T19:00`,
        duration_minutes: 60,
        rrule: 'FREQ=DAILY;INTERVAL=5;COUNT=3',
        exdates: [],
        places: 2,
      },
    });
    await renderScreen(() => <VillageHomePage villageId={ID.village} />);
    const section = await screen.findByRole('region', { name: 'Créneaux à pourvoir' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByText('Urgent') !== null)).toEqual([true, false, false]);
    expect(items[0].textContent).toContain('Urgent\u00a0: encore sans personne dans les 3 jours qui viennent');
    cleanup();

    // Ten days ahead: the slot in 6 days is urgent too.
    await db.villages.update(ID.village, { gap_horizon_days: 10 });
    await renderScreen(() => <VillageHomePage villageId={ID.village} />);
    const wider = await screen.findByRole('region', { name: 'Créneaux à pourvoir' });
    await waitFor(() =>
      expect(
        within(wider)
          .getAllByRole('listitem')
          .map((item) => within(item).queryByText('Urgent') !== null),
      ).toEqual([true, true, false]),
    );
  });
});
