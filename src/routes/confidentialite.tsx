import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/privacy/privacy-page';

/**
 * The privacy page. No guard: read signed out before signing up (the sign-up form links it) as well as
 * signed in (Mon compte), so it is in neither `_base` (signed in only) nor `_auth` (signed out only).
 */
export const Route = createFileRoute('/confidentialite')({
  component: PrivacyPage,
});
