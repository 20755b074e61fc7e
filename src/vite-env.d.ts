/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_AMPLITUDE_API_KEY?: string;
  /** The account page's external links (src/features/account/external-links.ts); unset, each leads to /confidentialite. */
  readonly VITE_LEGAL_NOTICE_URL?: string;
  readonly VITE_PRIVACY_POLICY_URL?: string;
  readonly VITE_BUG_REPORT_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_LINKEDIN_URL?: string;
}
