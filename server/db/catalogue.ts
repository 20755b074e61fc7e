import { v5 as uuidv5 } from 'uuid';

// Stable ids: the same catalogue entry has the same id on every server, so clients may cache it.
const NAMESPACE = '6f1c1a52-3c4e-4d0e-9a43-5b0f3e0a7c11';
export const catalogueId = (slug: string) => uuidv5(slug, NAMESPACE);

export interface CatalogueCategory {
  slug: string;
  name: string;
  color: string;
  /** SVG shapes drawn on a 24×24 grid, white on the category colour. */
  icon: string;
  needs: { slug: string; name: string }[];
}

const stroke = 'fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"';

export const CATALOGUE: CatalogueCategory[] = [
  {
    slug: 'repas',
    name: 'Repas',
    color: '#E4572E',
    icon: `<circle cx="12" cy="12" r="6" ${stroke}/><path d="M3 4v5a2 2 0 0 0 2 2v9M5 4v4M21 4c-2 1-2 5-2 7h2v9" ${stroke}/>`,
    needs: [
      { slug: 'repas-prepares', name: 'Préparer un repas' },
      { slug: 'repas-livres', name: 'Apporter un repas' },
      { slug: 'repas-partages', name: 'Partager un repas' },
    ],
  },
  {
    slug: 'courses',
    name: 'Courses',
    color: '#F3A712',
    icon: `<path d="M3 4h2l2.5 11h11L21 7H6.2" ${stroke}/><circle cx="9" cy="19" r="1.5" ${stroke}/><circle cx="17" cy="19" r="1.5" ${stroke}/>`,
    needs: [
      { slug: 'courses-alimentaires', name: 'Faire les courses' },
      { slug: 'courses-pharmacie', name: 'Aller à la pharmacie' },
    ],
  },
  {
    slug: 'transport',
    name: 'Transport',
    color: '#29335C',
    icon: `<path d="M4 16V11l2-5h12l2 5v5H4zM4 11h16" ${stroke}/><circle cx="7.5" cy="17.5" r="1.5" ${stroke}/><circle cx="16.5" cy="17.5" r="1.5" ${stroke}/>`,
    needs: [
      { slug: 'transport-rendez-vous-medical', name: 'Accompagner à un rendez-vous médical' },
      { slug: 'transport-trajets', name: 'Faire un trajet' },
      { slug: 'transport-ecole', name: "Accompagner à l'école" },
    ],
  },
  {
    slug: 'menage',
    name: 'Ménage',
    color: '#3E8E7E',
    icon: `<path d="M4 11l8-7 8 7v9H4z" ${stroke}/><path d="M10 20v-5h4v5" ${stroke}/>`,
    needs: [
      { slug: 'menage-entretien', name: 'Faire le ménage' },
      { slug: 'menage-linge', name: "S'occuper du linge" },
    ],
  },
  {
    slug: 'garde-enfants',
    name: "Garde d'enfants",
    color: '#A846A0',
    icon: `<circle cx="12" cy="6" r="3" ${stroke}/><path d="M6 21v-4a6 6 0 0 1 12 0v4" ${stroke}/>`,
    needs: [
      { slug: 'garde-enfants-journee', name: 'Garder les enfants' },
      { slug: 'garde-enfants-devoirs', name: 'Aider aux devoirs' },
    ],
  },
  {
    slug: 'compagnie',
    name: 'Compagnie',
    color: '#D1495B',
    icon: `<path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" ${stroke}/>`,
    needs: [
      { slug: 'compagnie-visite', name: 'Rendre visite' },
      { slug: 'compagnie-appel', name: 'Appeler pour prendre des nouvelles' },
      { slug: 'compagnie-promenade', name: 'Se promener ensemble' },
    ],
  },
  {
    slug: 'demarches',
    name: 'Démarches',
    color: '#00798C',
    icon: `<path d="M6 3h8l4 4v14H6z" ${stroke}/><path d="M14 3v4h4M9 12h6M9 16h6" ${stroke}/>`,
    needs: [
      { slug: 'demarches-administratives', name: 'Aider aux démarches administratives' },
      { slug: 'demarches-courrier', name: "S'occuper du courrier" },
    ],
  },
  {
    slug: 'animaux',
    name: 'Animaux',
    color: '#8D6A9F',
    icon: `<circle cx="7" cy="9" r="1.8" ${stroke}/><circle cx="12" cy="6" r="1.8" ${stroke}/><circle cx="17" cy="9" r="1.8" ${stroke}/><path d="M8 17c0-3 2-5 4-5s4 2 4 5-2 3-4 3-4 0-4-3z" ${stroke}/>`,
    needs: [
      { slug: 'animaux-promenade', name: 'Promener le chien' },
      { slug: 'animaux-soins', name: "Nourrir et soigner l'animal" },
    ],
  },
  {
    slug: 'bricolage-jardin',
    name: 'Bricolage et jardin',
    color: '#5B8C2A',
    icon: `<path d="M14 4l6 6-3 3-6-6zM11 7l-7 7 3 3 7-7" ${stroke}/><path d="M5.5 15.5L3 21l5.5-2.5" ${stroke}/>`,
    needs: [
      { slug: 'bricolage-petits-travaux', name: 'Faire des petits travaux' },
      { slug: 'jardin-entretien', name: 'Entretenir le jardin' },
    ],
  },
];

/** The picture of a catalogue need: its category's icon on its colour, with the need's name for screen readers. */
export function needPictureSvg(category: CatalogueCategory, needName: string): string {
  const title = needName.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="96" height="96" role="img"><title>${title}</title><rect width="48" height="48" rx="12" fill="${category.color}"/><g transform="translate(12 12)">${category.icon}</g></svg>`;
}

export function findCatalogueNeed(slug: string) {
  for (const category of CATALOGUE) {
    const need = category.needs.find((n) => n.slug === slug);
    if (need) return { category, need };
  }
  return undefined;
}
