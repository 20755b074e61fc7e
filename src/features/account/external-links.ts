/**
 * The spec's external links. Each can be set at build time (VITE_… variables, see src/vite-env.d.ts);
 * the defaults are the product's public pages.
 */
export interface ExternalLink {
  label: string;
  href: string;
}

const env = import.meta.env;

export const externalLinks: ExternalLink[] = [
  { label: 'Mentions légales', href: env.VITE_LEGAL_NOTICE_URL || 'https://www.village-entraide.fr/mentions-legales' },
  {
    label: 'Politique de confidentialité',
    href: env.VITE_PRIVACY_POLICY_URL || 'https://www.village-entraide.fr/politique-de-confidentialite',
  },
  { label: 'Signaler un bug', href: env.VITE_BUG_REPORT_URL || 'https://www.village-entraide.fr/signaler-un-bug' },
  { label: 'Instagram', href: env.VITE_INSTAGRAM_URL || 'https://www.instagram.com/village.entraide/' },
  { label: 'LinkedIn', href: env.VITE_LINKEDIN_URL || 'https://www.linkedin.com/company/village-entraide/' },
];
