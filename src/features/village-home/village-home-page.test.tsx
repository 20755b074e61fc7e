// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import { db } from '../../db/database';
import { buildVillage, ID, type Member } from '../../testing/nina-village';
import { VillageHomePage } from './village-home-page';
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
    const weekLink = within(section).queryByRole('link', { name: /^Cette semaine : \d+ créneaux? à pourvoir$/ });
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
