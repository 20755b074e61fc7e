/**
 * The privacy page (src/features/privacy/): public, linked from sign-up and Mon compte, and where the spec's
 * external links lead when their settings are unset. Its sections' anchors name what those links stand for.
 */
export const PRIVACY_PATH = '/confidentialite';
export const PRIVACY_SECTIONS = { operator: 'editeur', rights: 'droits' } as const;
