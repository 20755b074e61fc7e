import { PRIVACY_PATH, PRIVACY_SECTIONS } from '../../components/privacy/privacy-path';

/**
 * The spec's external links. Each is a setting read at build time (VITE_… variables, see src/vite-env.d.ts and
 * the README's settings, checked by the server at start); an unset one leads to the in-app privacy page, which
 * names who runs the service and how to reach them, rather than to pages this server's operator does not own.
 */
export type ExternalLink = { label: string } & ({ href: string } | { to: typeof PRIVACY_PATH; hash?: string });

const env = import.meta.env;

const setOr = (label: string, href: string | undefined, hash?: string): ExternalLink =>
  href ? { label, href } : { label, to: PRIVACY_PATH, hash };

export const externalLinks: ExternalLink[] = [
  setOr('Mentions légales', env.VITE_LEGAL_NOTICE_URL, PRIVACY_SECTIONS.operator),
  setOr('Politique de confidentialité', env.VITE_PRIVACY_POLICY_URL),
  setOr('Signaler un bug', env.VITE_BUG_REPORT_URL, PRIVACY_SECTIONS.operator),
  setOr('Instagram', env.VITE_INSTAGRAM_URL, PRIVACY_SECTIONS.operator),
  setOr('LinkedIn', env.VITE_LINKEDIN_URL, PRIVACY_SECTIONS.operator),
];
