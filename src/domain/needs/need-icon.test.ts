import { describe, expect, it } from 'vitest';
import type { NeedCategory } from '../../contract';
import { aNeed } from '../../testing/factories';
import { needLook } from './need-category';
import { categoryByWords } from './need-icon';

const picture = (slug: string) => ({ original_url: `/v1/catalogue/${slug}.svg` }) as NonNullable<NeedCategory['needs']>[number]['photo'];
const category = (id: string, name: string, slug: string): NeedCategory => ({
  id,
  name,
  color: '#E4572E',
  needs: [{ id: `${id}-need`, category_id: id, name: `Un besoin ${name}`, photo: picture(slug) }],
});
const CATEGORIES = [
  category('meals', 'Repas', 'repas'),
  category('pets', 'Animaux', 'animaux'),
  category('care', 'Compagnie', 'compagnie'),
];

describe('the picture of a need written by hand', () => {
  it('is its category’s when it has one', () => {
    expect(needLook(aNeed({ name: 'Truc à faire', category_id: 'pets' }), CATEGORIES).picture).toBe('/v1/catalogue/animaux.svg');
  });

  it('is that of the category its name speaks of, accents and case aside', () => {
    expect(needLook(aNeed({ name: 'Dîner du soir' }), CATEGORIES).picture).toBe('/v1/catalogue/repas.svg');
    expect(categoryByWords('Sortir Rex', CATEGORIES)?.name).toBe('Animaux');
    expect(categoryByWords('VISITE à Mamie', CATEGORIES)?.name).toBe('Compagnie');
  });

  it('is none (the heart tile) when nothing fits, and a word must start like the category’s', () => {
    expect(needLook(aNeed({ name: 'Truc à faire' }), CATEGORIES).picture).toBeNull();
    // "appel" is a word of company, "rappel" only contains it.
    expect(categoryByWords('Appel du soir', CATEGORIES)?.name).toBe('Compagnie');
    expect(categoryByWords('Rappel', CATEGORIES)).toBeUndefined();
  });
});
