import { describe, expect, it } from 'vitest';
import { relationForMembers } from './needy-person';

describe('who the person helped is, said to the members', () => {
  it('turns the creator’s « Ma mère » into « Mère de Claire Martin »', () => {
    expect(relationForMembers('Ma mère', 'Claire Martin')).toBe('Mère de Claire Martin');
    expect(relationForMembers('mon voisin', 'Claire Martin')).toBe('Voisin de Claire Martin');
    expect(relationForMembers('voisine', 'Claire Martin')).toBe('Voisine de Claire Martin');
    expect(relationForMembers('  Mes grands-parents ', 'Claire')).toBe('Grands-parents de Claire');
  });

  it('elides « de » before a vowel', () => {
    expect(relationForMembers('Ma sœur', 'Anne Petit')).toBe('Sœur d’Anne Petit');
    expect(relationForMembers('Mon ami', 'Élodie')).toBe('Ami d’Élodie');
  });

  it('keeps a sentence in the creator’s words, with whom it is about', () => {
    expect(relationForMembers('Je suis sa fille', 'Claire Martin')).toBe('Lien avec Claire Martin\u00a0: Je suis sa fille');
  });

  it('says nothing without a relationship or a known creator', () => {
    expect(relationForMembers(null, 'Claire Martin')).toBeNull();
    expect(relationForMembers('  ', 'Claire Martin')).toBeNull();
    expect(relationForMembers('Ma mère', '')).toBeNull();
  });
});
