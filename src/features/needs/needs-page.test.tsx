// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aHelp, aNeed } from '../../testing/factories';
import { db } from '../../db/database';
import { NeedsPage } from './needs-page';
import { buildVillage, helpAt, ID } from '../../testing/nina-village';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the needs list', () => {
  it('groups needs by category, free ones last under "Autres besoins", with their planned helps', async () => {
    await buildVillage('hugo');
    await renderScreen(() => <NeedsPage villageId={ID.village} />);
    const home = await screen.findByRole('region', { name: 'Maison' });
    const other = screen.getByRole('region', { name: 'Autres besoins' });
    expect(home.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(home.getAttribute('style')).toContain('--category-color: #e07a5f');
    expect(other.getAttribute('style')).toContain('--category-color: #000000');

    const meals = within(home).getByRole('link', { name: /Repas/ });
    expect(meals.getAttribute('href')).toBe(`/dashboard/villages/${ID.village}/needs/${ID.needMeals}`);
    // Hugo tomorrow and Olga next week; last week's help is not planned any more.
    expect(within(meals).getByText('2 aides prévues')).toBeTruthy();
    expect(meals.querySelector('img')?.getAttribute('src')).toBe('/uploads/repas.jpg');
    expect(within(other).getByRole('link', { name: /Promener le chien/ }).textContent).toContain('Aucune aide prévue');
  });

  it('says per scheduled need how many of this week’s slots are still open', async () => {
    // Only the clock is fake (IndexedDB's timers stay real): Monday 30 November 2026, 9 h in Paris.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T08:00:00Z'));
    await buildVillage('hugo');
    const dinner = aNeed({
      village_id: ID.village,
      name: 'Dîner',
      schedule: { dtstart: '2026-11-30T19:00', duration_minutes: 60, rrule: 'FREQ=DAILY;COUNT=10', exdates: [], places: 1 },
    });
    const visit = aNeed({
      village_id: ID.village,
      name: 'Visite',
      schedule: { dtstart: '2026-12-02T15:00', duration_minutes: 60, rrule: null, exdates: [], places: 1 },
    });
    await db.needs.bulkPut([dinner, visit]);
    const on = (need: typeof dinner, start_date: string) =>
      aHelp({ village_id: ID.village, village_need_id: need.id, helper_id: ID.olga, start_date });
    await db.helps.bulkPut([
      on(dinner, '2026-11-30T18:00:00.000Z'),
      on(dinner, '2026-12-01T18:00:00.000Z'),
      on(visit, '2026-12-02T14:00:00.000Z'),
    ]);
    await renderScreen(() => <NeedsPage villageId={ID.village} />);
    // Seven evenings to Sunday, two taken; the three of next week are not counted.
    expect((await screen.findByRole('link', { name: /Dîner/ })).textContent).toContain('5 créneaux à pourvoir cette semaine');
    expect(screen.getByRole('link', { name: /Visite/ }).textContent).toContain('Tout est couvert cette semaine');
    // Undated needs as before.
    expect(screen.getByRole('link', { name: /Repas/ }).textContent).toContain('aide');
  });

  it('names the next slot of a need with none left this week, and says so only of a need with none to come', async () => {
    // Saturday 28 November 2026, 22 h in Paris: the week ends tomorrow, the dinners start on Monday.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T21:00:00Z'));
    await buildVillage('hugo');
    const dinner = aNeed({
      village_id: ID.village,
      name: 'Dîner',
      schedule: { dtstart: '2026-11-30T19:00', duration_minutes: 60, rrule: 'FREQ=DAILY;COUNT=39', exdates: [], places: 1 },
    });
    const over = aNeed({
      village_id: ID.village,
      name: 'Visite',
      schedule: { dtstart: '2026-11-02T15:00', duration_minutes: 60, rrule: null, exdates: [], places: 1 },
    });
    await db.needs.bulkPut([dinner, over]);
    await renderScreen(() => <NeedsPage villageId={ID.village} />);
    const text = (await screen.findByRole('link', { name: /Dîner/ })).textContent;
    // French typography: a non-breaking space before the colon, inside the time and between day and month.
    expect(text).toContain('Prochain créneau\u00a0: lundi 30\u00a0novembre, 19\u00a0h');
    expect(text).not.toContain('Aucun');
    expect(screen.getByRole('link', { name: /Visite/ }).textContent).toContain('Aucun créneau à venir');
  });

  it('does not count the helps of a villager who left', async () => {
    await buildVillage('hugo');
    await db.villagers.update(ID.olga, { is_out: true });
    await renderScreen(() => <NeedsPage villageId={ID.village} />);
    expect(await screen.findByText('1 aide prévue')).toBeTruthy();
  });

  it('offers to add a need to the creator and the needy person only', async () => {
    await buildVillage('hugo');
    await renderScreen(() => <NeedsPage villageId={ID.village} />);
    await screen.findByRole('region', { name: 'Maison' });
    expect(screen.queryByRole('link', { name: 'Ajouter un besoin' })).toBeNull();
    cleanup();

    for (const manager of ['claire', 'nina'] as const) {
      await buildVillage(manager);
      await renderScreen(() => <NeedsPage villageId={ID.village} />);
      expect((await screen.findByRole('link', { name: 'Ajouter un besoin' })).getAttribute('href')).toBe(
        `/dashboard/villages/${ID.village}/needs/add`,
      );
      cleanup();
    }
  });

  it('shows at once a help added on this device', async () => {
    await buildVillage('olga');
    await renderScreen(() => <NeedsPage villageId={ID.village} />);
    await screen.findByText('Aucune aide prévue');
    await db.helps.put(helpAt('0190a000-0000-7000-8000-0000000000b9', 'olga', 0, 20, ID.needDog));
    expect(await screen.findByText('1 aide prévue')).toBeTruthy();
  });
});
