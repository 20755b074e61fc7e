import type { NeedCategory } from '../../contract';

/**
 * Words of a need's name that say which catalogue category it is about, so that a need written by hand
 * ("Dîner du soir", "Sortir Rex") shows that category's picture rather than a blank tile. Matched without
 * accents or case, at the start of a word.
 */
const CATEGORY_WORDS: Record<string, string[]> = {
  Repas: ['repas', 'diner', 'dejeuner', 'souper', 'petit-dejeuner', 'gouter', 'cuisin', 'plat', 'soupe', 'manger'],
  Courses: ['course', 'pharmacie', 'achat', 'marche', 'supermarche', 'medicament', 'pain'],
  Transport: ['transport', 'trajet', 'conduire', 'voiture', 'taxi', 'gare', 'hopital', 'rendez-vous', 'rdv', 'accompagn'],
  Ménage: ['menage', 'linge', 'lessive', 'repassage', 'vaisselle', 'nettoy', 'aspirateur'],
  "Garde d'enfants": ['enfant', 'garde', 'devoirs', 'ecole', 'bebe', 'creche', 'baby'],
  Compagnie: ['visite', 'compagnie', 'appel', 'telephon', 'nouvelles', 'lecture', 'lire', 'promenade', 'balade', 'nuit'],
  Démarches: ['demarche', 'papier', 'courrier', 'administrati', 'impot', 'dossier', 'banque'],
  Animaux: ['chien', 'chat', 'animal', 'animaux', 'veterinaire', 'croquette', 'sortir'],
  'Bricolage et jardin': ['bricol', 'jardin', 'tondre', 'pelouse', 'arros', 'plante', 'travaux', 'reparer', 'reparation'],
};

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The catalogue category a need's name speaks of, by its words; undefined when none fits. */
export function categoryByWords(name: string, categories: readonly NeedCategory[]): NeedCategory | undefined {
  const words = plain(name).split(/[^a-z-]+/);
  for (const category of categories) {
    const stems = CATEGORY_WORDS[category.name] ?? [];
    if (stems.some((stem) => words.some((word) => word.startsWith(stem)))) return category;
  }
  return undefined;
}

/** A category's picture: the one its catalogue needs share (their category's icon on its colour). */
export const categoryPicture = (category: NeedCategory | undefined) =>
  category?.needs?.find((need) => need.photo)?.photo?.original_url ?? null;
