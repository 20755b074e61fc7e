// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../testing/render-screen';
import { PlanningView, type PlanningViewProps } from './planning-view';
import { aCategory, aHelp, aNeed, aVillager } from '../../testing/factories';

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
const title = () => screen.getByRole('heading', { level: 2 });
const dayCells = () => Array.from(document.querySelectorAll('.planning-week > li, .month-grid > li'));
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the planning', () => {
  it('shows the week of today, Monday first, with today marked', async () => {
    await show();
    expect(title().textContent).toBe('Semaine du 16 au 22 novembre 2026');
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
    expect(link.textContent).toBe('14 h – 16 hCoursesAlice');
    expect(link.getAttribute('href')).toBe('/dashboard/villages/village/needs/n1/helps');
    expect((link.parentElement as HTMLElement).style.getPropertyValue('--accent')).toBe('#e07a5f');
    const thursday = dayCells()[3] as HTMLElement;
    expect(within(thursday).getByRole('link').textContent).toBe('9 hRepasBruno');
    // A need with no category takes the spec's default colour.
    expect((within(thursday).getByRole('link').parentElement as HTMLElement).style.getPropertyValue('--accent')).toBe('#000000');
  });

  it('says on an empty day which needs are still without help', async () => {
    await show();
    const monday = dayCells()[0] as HTMLElement;
    expect(monday.textContent).toContain('Rien de prévu');
    expect(monday.querySelector('.day-uncovered')?.textContent).toBe('Sans aide : Courses, Repas');
    expect(within(monday).getByRole('link', { name: 'Repas' }).getAttribute('href')).toBe('/dashboard/villages/village/needs/n2/helps');
    expect(dayCells()[1].textContent).not.toContain('Rien de prévu');
  });

  it('moves by period and comes back to today', async () => {
    await show();
    click('Période suivante');
    expect(title().textContent).toBe('Semaine du 23 au 29 novembre 2026');
    click('Période précédente');
    click('Période précédente');
    expect(title().textContent).toBe('Semaine du 9 au 15 novembre 2026');
    click('Aujourd’hui');
    expect(title().textContent).toBe('Semaine du 16 au 22 novembre 2026');
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
    click('mardi 17 novembre, voir la semaine');
    expect(title().textContent).toBe('Semaine du 16 au 22 novembre 2026');
    expect(screen.getByRole('button', { name: 'Semaine' }).getAttribute('aria-pressed')).toBe('true');
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
    expect(title().textContent).toBe('Semaine du 25 février au 3 mars 2030');
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
    expect(title().textContent).toBe('Semaine du 16 au 22 novembre 2026');
    act(() => vi.advanceTimersByTime(1));
    expect(title().textContent).toBe('Semaine du 4 au 10 janvier 2027');
  });

  it('turns a finger swipe into a period step', async () => {
    await show();
    const body = document.querySelector('.planning-body')!;
    fireEvent.pointerDown(body, { clientX: 300, clientY: 200, isPrimary: true, pointerType: 'touch' });
    fireEvent.pointerUp(body, { clientX: 200, clientY: 210, isPrimary: true, pointerType: 'touch' });
    expect(title().textContent).toBe('Semaine du 23 au 29 novembre 2026');
    fireEvent.pointerDown(body, { clientX: 200, clientY: 200, isPrimary: true, pointerType: 'touch' });
    fireEvent.pointerUp(body, { clientX: 230, clientY: 200, isPrimary: true, pointerType: 'touch' });
    expect(title().textContent).toBe('Semaine du 23 au 29 novembre 2026');
    // A mouse drag selects text rather than turning the page.
    fireEvent.pointerDown(body, { clientX: 300, clientY: 200, isPrimary: true, pointerType: 'mouse' });
    fireEvent.pointerUp(body, { clientX: 100, clientY: 200, isPrimary: true, pointerType: 'mouse' });
    expect(title().textContent).toBe('Semaine du 23 au 29 novembre 2026');
  });
});
