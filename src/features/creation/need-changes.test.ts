import { describe, expect, it } from 'vitest';
import { needChanges, sameName } from './need-changes';
import { aNeed } from '../../testing/factories';

const meals = aNeed({ id: 'n1', need_id: 'c-meals', name: 'Repas' });
const dog = aNeed({ id: 'n2', name: 'Promener le chien' });

describe('the needs step’s writes', () => {
  it('adds the catalogue needs ticked that the village lacks, and the free ones typed', () => {
    expect(
      needChanges([meals], { shown: new Set(['n1']), chosen: new Set(['c-meals', 'c-shop']), keptFree: new Set(), newFree: ['Chat'] }),
    ).toEqual({
      addCatalogue: ['c-shop'],
      addFree: ['Chat'],
      remove: [],
    });
  });

  it('removes the needs shown and unticked, and only those', () => {
    const pulledSince = aNeed({ id: 'n3', need_id: 'c-other', name: 'Autre' });
    expect(
      needChanges([meals, dog, pulledSince], { shown: new Set(['n1', 'n2']), chosen: new Set(), keptFree: new Set(), newFree: [] }),
    ).toEqual({
      addCatalogue: [],
      addFree: [],
      remove: ['n1', 'n2'],
    });
  });

  it('does not add twice a free need the village already has', () => {
    expect(
      needChanges([dog], { shown: new Set(['n2']), chosen: new Set(), keptFree: new Set(['n2']), newFree: ['promener le chien', 'Chat'] })
        .addFree,
    ).toEqual(['Chat']);
  });

  it('compares names regardless of case and accents', () => {
    expect(sameName('Réparer', 'reparer')).toBe(true);
    expect(sameName('Repas', 'Courses')).toBe(false);
  });
});
