import { describe, expect, it } from 'vitest';
import { villageTitle } from './village-title';
import { welcomeText } from './after-join';
import { aVillage } from '../../testing/factories';

describe('the village’s one name', () => {
  it('is the name its organisers gave it, else made from the first name of the person it is built around', () => {
    expect(villageTitle({ name: ' Les amis de Jeanne ' }, 'Jeanne')).toBe('Les amis de Jeanne');
    expect(villageTitle({ name: null }, 'Jeanne')).toBe('Le village de Jeanne');
    expect(villageTitle({ name: '' }, 'Anne')).toBe('Le village d’Anne');
    expect(villageTitle({ name: null }, 'Élodie')).toBe('Le village d’Élodie');
    expect(villageTitle({ name: null }, null)).toBe('Le village');
  });

  it('is the one the welcome after a join says', () => {
    expect(welcomeText(aVillage({ name: 'Le village de Jeanne', first_name: 'Jeanne', last_name: 'Roy' }))).toBe(
      'Bienvenue dans le village de Jeanne\u00a0!',
    );
    expect(welcomeText(aVillage({ name: null, first_name: 'Anne' }))).toBe('Bienvenue dans le village d’Anne\u00a0!');
    expect(welcomeText(aVillage({ name: 'Les amis de Jeanne' }))).toBe('Bienvenue dans le village «\u00a0Les amis de Jeanne\u00a0»\u00a0!');
    expect(welcomeText(undefined)).toBe('Bienvenue dans le village\u00a0!');
  });
});
