// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { PlanningView, type PlanningViewProps } from './planning-view';
import { aCategory, aHelp, aNeed, aVillager } from '../../testing/factories';
import type { Slot } from '../../contract/slots';
import { slotWriteKey } from '../../domain/helps/slot-writes';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const world: PlanningViewProps = {
  villageId: 'village',
  // Tuesday 17 November 2026, 14 h – 16 h in Paris.
  helps: [
    aHelp({ id: 'h1', start_date: '2026-11-17T13:00:00Z', end_date: '2026-11-17T15:00:00Z', village_need_id: 'n1', helper_id: 'v1' }),
    aHelp({ id: 'h2', start_date: '2026-11-19T08:00:00Z', village_need_id: 'n2', helper_id: 'v2' }),
  ],
  needs: [aNeed({ id: 'n1', name: 'Courses', category_id: 'food' }), aNeed({ id: 'n2', name: 'Repas' })],
  categories: [aCategory({ id: 'food', color: '#e07a5f' })],
  villagers: [aVillager({ id: 'v1', user: { first_name: 'Alice' } }), aVillager({ id: 'v2', user: { first_name: 'Bruno' } })],
  // A Sunday: its week began on Monday the 16th.
  today: '2026-11-22',
};

const show = (props: Partial<PlanningViewProps> = {}) => renderWithRouter(() => <PlanningView {...world} {...props} />);
// The period's title: the first second-level heading ("Sans date" comes after the days).
const title = () => screen.getAllByRole('heading', { level: 2 })[0];
const dayCells = () => Array.from(document.querySelectorAll('.planning-week > li, .month-grid > li'));
/** The « Urgent » badge as its text reads: its mark, its word, and what it means for a screen reader. */
const URGENT = '! Urgent\u00a0: encore sans personne dans les 3 jours qui viennent';
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the planning', () => {
  it('shows the week of today, Monday first, with today marked', async () => {
    await show();
    expect(title().textContent).toBe('Semaine du 16 au 22\u00a0novembre 2026');
    expect(title().getAttribute('aria-live')).toBe('polite');
    const cells = dayCells();
    expect(cells).toHaveLength(7);
    expect(cells[0].querySelector('h3')?.textContent).toMatch(/^lundi 16 novembre/);
    expect(cells[6].getAttribute('aria-current')).toBe('date');
    expect(cells[6].querySelector('h3')?.textContent).toContain('(aujourd’hui)');
  });

  it('lists each help with its slot, need, helper and category colour, leading to the need’s helps', async () => {
    await show();
    const tuesday = dayCells()[1];
    const link = within(tuesday as HTMLElement).getByRole('link');
    expect(link.textContent).toBe('14\u00a0h\u00a0– 16\u00a0hCoursesAlice');
    expect(link.getAttribute('href')).toBe('/dashboard/villages/village/needs/n1/helps');
    expect((link.parentElement as HTMLElement).style.getPropertyValue('--accent')).toBe('#e07a5f');
    const thursday = dayCells()[3] as HTMLElement;
    expect(within(thursday).getByRole('link').textContent).toBe('9\u00a0hRepasBruno');
    // A need with no category takes the spec's default colour.
    expect((within(thursday).getByRole('link').parentElement as HTMLElement).style.getPropertyValue('--accent')).toBe('#000000');
  });

  it('lists the needs without a date once, apart, with their helps of the period, not on every empty day', async () => {
    await show();
    const monday = dayCells()[0] as HTMLElement;
    expect(monday.textContent).toContain('Rien de prévu');
    expect(monday.textContent).not.toContain('Courses');
    const undated = screen.getByRole('region', { name: 'Sans date' });
    expect(
      within(undated)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Courses1 aide sur cette période', 'Repas1 aide sur cette période']);
    expect(within(undated).getByRole('link', { name: 'Repas' }).getAttribute('href')).toBe('/dashboard/villages/village/needs/n2/helps');
    expect(screen.getAllByText('Courses', { selector: '.planning-undated a' })).toHaveLength(1);
    click('Période suivante');
    expect(within(screen.getByRole('region', { name: 'Sans date' })).getAllByRole('listitem')[0].textContent).toBe(
      'CoursesAucune aide sur cette période',
    );
  });

  it('moves by period and comes back to today', async () => {
    await show();
    click('Période suivante');
    expect(title().textContent).toBe('Semaine du 23 au 29\u00a0novembre 2026');
    click('Période précédente');
    click('Période précédente');
    expect(title().textContent).toBe('Semaine du 9 au 15\u00a0novembre 2026');
    click('Aujourd’hui');
    expect(title().textContent).toBe('Semaine du 16 au 22\u00a0novembre 2026');
  });

  it('switches to the month, whole weeks long, and opens a day’s week from it', async () => {
    await show();
    click('Mois');
    expect(screen.getByRole('button', { name: 'Mois' }).getAttribute('aria-pressed')).toBe('true');
    expect(title().textContent).toBe('Novembre 2026');
    // November 2026: Monday 26 October to Sunday 6 December.
    expect(dayCells()).toHaveLength(42);
    expect(dayCells()[22].querySelector('.month-day-number')?.textContent).toBe('1 aide');
    click('Période suivante');
    expect(title().textContent).toBe('Décembre 2026');
    click('Période précédente');
    click('mardi 17\u00a0novembre, voir la semaine');
    expect(title().textContent).toBe('Semaine du 16 au 22\u00a0novembre 2026');
    expect(screen.getByRole('button', { name: 'Semaine' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('builds in a month cell what its width shows: dots on a phone, the needs’ names on a wide screen, both when unknown', async () => {
    const widths = { phone: false, wide: true };
    for (const [width, wide] of Object.entries(widths)) {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(min-width: 1024px)' && wide,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      }));
      await show({ initialView: 'month' });
      // Tuesday 17 November: Courses (a category's colour); Thursday 19: Repas.
      const tuesday = dayCells()[22];
      expect(screen.getByRole('button', { name: 'mardi 17\u00a0novembre, voir la semaine' }).textContent).toBe('17');
      expect(tuesday.querySelector('.month-day-number')?.textContent, width).toBe('1 aide');
      const dot = tuesday.querySelector<HTMLElement>('.month-dot');
      const names = tuesday.querySelector('.month-day-names');
      if (wide) {
        expect(dot).toBeNull();
        expect(names?.textContent).toBe('Courses');
      } else {
        expect(dot?.style.background).toBe('#e07a5f');
        expect(names).toBeNull();
      }
      cleanup();
      vi.unstubAllGlobals();
    }
    vi.stubGlobal('matchMedia', undefined);
    await show({ initialView: 'month' });
    expect(dayCells()[22].querySelector('.month-dot')).not.toBeNull();
    expect(dayCells()[22].querySelector('.month-day-names')?.textContent).toBe('Courses');
    vi.unstubAllGlobals();
  });

  it('dots up to four helps of a day on a phone, one element with a shadow for each after the first', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    const tuesdayHelps = ['#e07a5f', '#000000', '#e07a5f', '#000000', '#e07a5f'].map((_, i) =>
      aHelp({ id: `t${i}`, start_date: `2026-11-17T0${i + 1}:00:00Z`, village_need_id: i % 2 ? 'n2' : 'n1', helper_id: 'v1' }),
    );
    await show({ initialView: 'month', helps: tuesdayHelps });
    const dot = dayCells()[22].querySelector<HTMLElement>('.month-dot')!;
    expect(dayCells()[22].querySelectorAll('.month-dot')).toHaveLength(1);
    expect(dot.style.background).toBe('#e07a5f');
    expect(dot.style.boxShadow).toBe('10px 0 0 #000000, 20px 0 0 #e07a5f, 30px 0 0 #000000');
    expect(dot.style.marginRight).toBe('30px');
    expect(dayCells()[22].querySelector('.month-day-number')?.textContent).toBe('5 aides');
    vi.unstubAllGlobals();
  });

  it('starts in the month when asked', async () => {
    await show({ initialView: 'month' });
    expect(title().textContent).toBe('Novembre 2026');
  });

  it('jumps to a month of another group of twelve years', async () => {
    await show();
    click('Choisir une date');
    expect(screen.getByRole('button', { name: '2016' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '2027' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '2028' })).toBeNull();
    click('Années suivantes');
    expect(screen.queryByRole('button', { name: '2027' })).toBeNull();
    click('2030');
    expect(screen.getByRole('button', { name: '2030' }).getAttribute('aria-pressed')).toBe('true');
    click('Mars 2030');
    expect(title().textContent).toBe('Semaine du 25\u00a0février au 3\u00a0mars 2030');
    expect(screen.queryByRole('button', { name: '2030' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choisir une date' }));
  });

  it('jumps to a typed date once the input has been still for a second', async () => {
    await show();
    click('Choisir une date');
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Aller au'), { target: { value: '2027-01-0' } });
    fireEvent.change(screen.getByLabelText('Aller au'), { target: { value: '2027-01-06' } });
    act(() => vi.advanceTimersByTime(999));
    expect(title().textContent).toBe('Semaine du 16 au 22\u00a0novembre 2026');
    act(() => vi.advanceTimersByTime(1));
    expect(title().textContent).toBe('Semaine du 4 au 10\u00a0janvier 2027');
  });

  it('turns a finger swipe into a period step', async () => {
    await show();
    const body = document.querySelector('.planning-body')!;
    fireEvent.pointerDown(body, { clientX: 300, clientY: 200, isPrimary: true, pointerType: 'touch' });
    fireEvent.pointerUp(body, { clientX: 200, clientY: 210, isPrimary: true, pointerType: 'touch' });
    expect(title().textContent).toBe('Semaine du 23 au 29\u00a0novembre 2026');
    fireEvent.pointerDown(body, { clientX: 200, clientY: 200, isPrimary: true, pointerType: 'touch' });
    fireEvent.pointerUp(body, { clientX: 230, clientY: 200, isPrimary: true, pointerType: 'touch' });
    expect(title().textContent).toBe('Semaine du 23 au 29\u00a0novembre 2026');
    // A mouse drag selects text rather than turning the page.
    fireEvent.pointerDown(body, { clientX: 300, clientY: 200, isPrimary: true, pointerType: 'mouse' });
    fireEvent.pointerUp(body, { clientX: 100, clientY: 200, isPrimary: true, pointerType: 'mouse' });
    expect(title().textContent).toBe('Semaine du 23 au 29\u00a0novembre 2026');
  });
});

describe('the planning’s slots', () => {
  const dinner = aNeed({
    id: 'n3',
    name: 'Dîner',
    schedule: { dtstart: '2026-11-16T19:00', duration_minutes: 90, rrule: 'FREQ=DAILY;COUNT=4', exdates: [], places: 1 },
  });
  // 19 h – 20 h 30 in Paris, Monday to Thursday of the shown week.
  const at = (day: number) => ({ start_date: `2026-11-${day}T18:00:00.000Z`, end_date: `2026-11-${day}T19:30:00.000Z` });
  const onDinner = (id: string, day: number, helper: string) => aHelp({ id, village_need_id: 'n3', helper_id: helper, ...at(day) });
  const slots: Slot[] = [
    { village_need_id: 'n3', ...at(16), places: 1, taken: [], open: 1 },
    { village_need_id: 'n3', ...at(17), places: 3, taken: ['h3'], open: 2 },
    { village_need_id: 'n3', ...at(18), places: 1, taken: ['h4'], open: 0 },
    { village_need_id: 'n3', ...at(19), places: 2, taken: ['h5'], open: 1 },
  ];
  const withSlots = (props: Partial<PlanningViewProps> = {}) =>
    show({
      helps: [...world.helps, onDinner('h3', 17, 'v2'), onDinner('h4', 18, 'v2'), onDinner('h5', 19, 'v1')],
      needs: [...world.needs, dinner],
      slots,
      myVillagerId: 'v1',
      now: Date.parse('2026-11-16T00:00:00Z'),
      ...props,
    });
  const slotTexts = (cell: Element) => Array.from(cell.querySelectorAll('.day-slot')).map((slot) => slot.textContent);

  it('shows each day’s slots as to fill, partly filled, full or mine, in words beside the colour', async () => {
    await withSlots({ onTake: () => {} });
    const [monday, tuesday, wednesday, thursday] = dayCells();
    // Monday's and Tuesday's are still open within the village's 3 days: urgent, said in words.
    expect(slotTexts(monday)).toEqual([`19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner${URGENT}○ À pourvoirJe m’en occupe`]);
    expect(slotTexts(tuesday)).toEqual([`19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner${URGENT}◐ 2 places libres sur 3BrunoJe m’en occupe`]);
    expect(slotTexts(wednesday)).toEqual(['19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner● CompletBruno']);
    expect(slotTexts(thursday)).toEqual(['19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner✓ Vous y allez']);
    expect(monday.querySelector('.day-slot')?.className).toBe('day-slot is-open');
    // The marks are for the eye: the words carry the state.
    expect(monday.querySelector('.day-slot-state [aria-hidden="true"]')?.textContent).toBe('○ ');
    // A help that holds a slot is not listed again as a free help; the free help of the day still is.
    expect(tuesday.querySelectorAll('.day-help')).toHaveLength(1);
    expect(thursday.querySelectorAll('.day-help')).toHaveLength(1);
    // A full slot and mine lead to the need's helps; a scheduled need is not "Sans date".
    expect(
      within(wednesday as HTMLElement)
        .getAllByRole('link')[0]
        .getAttribute('href'),
    ).toBe('/dashboard/villages/village/needs/n3/helps');
    expect(within(screen.getByRole('region', { name: 'Sans date' })).queryByText('Dîner')).toBeNull();
  });

  it('says beside a slot taken on this device whether the take waits, was sent or was refused', async () => {
    const slotWrites = new Map([
      [slotWriteKey('n3', at(18).start_date), 'refused' as const],
      [slotWriteKey('n3', at(19).start_date), 'pending' as const],
    ]);
    await withSlots({ slotWrites });
    const [monday, , wednesday, thursday] = dayCells();
    expect(slotTexts(wednesday)).toEqual(['19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner● CompletInscription refuséeBruno']);
    expect(slotTexts(thursday)).toEqual(['19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner✓ Vous y allezInscription en attente d’envoi']);
    expect(monday.querySelector('.slot-write')).toBeNull();
  });

  it('says of a past slot and a past help that they were done and thanked, and nothing of the others', async () => {
    const closedHelps = new Map([
      ['h4', { done: true, thanked: true }],
      ['h1', { done: true, thanked: false }],
    ]);
    await withSlots({ closedHelps });
    const [, tuesday, wednesday] = dayCells();
    expect(slotTexts(wednesday)).toEqual(['19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner● CompletBrunoFait · Merci envoyé']);
    expect(slotTexts(tuesday)).toEqual([`19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner${URGENT}◐ 2 places libres sur 3Bruno`]);
    expect(
      within(tuesday as HTMLElement)
        .getAllByRole('link')
        .at(-1)?.textContent,
    ).toBe('14\u00a0h\u00a0– 16\u00a0hCoursesAliceFait');
  });

  it('takes an open slot in one tap', async () => {
    const onTake = vi.fn();
    await withSlots({ onTake });
    fireEvent.click(within(dayCells()[0] as HTMLElement).getByRole('button', { name: /Je m’en occupe/ }));
    expect(onTake).toHaveBeenCalledWith(slots[0]);
    // Nothing to take for who cannot (not a member any more): the slots still show.
    cleanup();
    await withSlots({ onTake: undefined });
    expect(within(dayCells()[0] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('filters on the slots to fill, and can start filtered', async () => {
    await withSlots({ onTake: () => {} });
    const filter = screen.getByRole('button', { name: 'À pourvoir' });
    expect(filter.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(filter);
    expect(filter.getAttribute('aria-pressed')).toBe('true');
    const cells = dayCells();
    expect(slotTexts(cells[0])).toHaveLength(1);
    expect(slotTexts(cells[1])).toHaveLength(1);
    expect(cells[1].querySelectorAll('.day-help')).toHaveLength(0);
    expect(cells[2].textContent).toContain('Aucun créneau à pourvoir');
    expect(cells[3].textContent).toContain('Aucun créneau à pourvoir');
    expect(screen.queryByRole('region', { name: 'Sans date' })).toBeNull();
    cleanup();
    await withSlots({ initialOpenOnly: true });
    expect(screen.getByRole('button', { name: 'À pourvoir' }).getAttribute('aria-pressed')).toBe('true');
    expect(dayCells()[2].textContent).toContain('Aucun créneau à pourvoir');
  });

  it('counts the slots to fill in the month, in words', async () => {
    await withSlots({ initialView: 'month' });
    // November 2026 starts on Monday 26 October: the 16th is the 22nd cell.
    const monday = dayCells()[21];
    expect(monday.querySelector('.month-day-number')?.textContent).toBe('1 créneau');
    expect(monday.querySelector('.month-day-open-slots')?.textContent).toBe('○ 1 à pourvoir');
    expect(dayCells()[22].querySelector('.month-day-number')?.textContent).toBe('1 aide, 1 créneau');
    expect(dayCells()[23].querySelector('.month-day-open-slots')).toBeNull();
  });

  it('says a slot gone by unfilled is past, and offers no take', async () => {
    await withSlots({ onTake: () => {}, now: Date.parse('2026-11-22T12:00:00Z') });
    expect(slotTexts(dayCells()[0])).toEqual(['19\u00a0h\u00a0– 20\u00a0h\u00a030Dîner– Non pourvu']);
  });
});
