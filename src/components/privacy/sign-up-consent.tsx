import { Link } from '@tanstack/react-router';
import { PRIVACY_PATH } from './privacy-path';

/** What accepting means, in one sentence beside a sign-up's submit, with the page that says the rest. */
export function SignUpConsent() {
  return (
    <p className="sign-up-consent">
      En créant votre compte, vous acceptez que ce service garde vos nom et e-mail, et ce que vous écrirez dans vos villages, pour organiser
      l'entraide, comme le dit la page <Link to={PRIVACY_PATH}>Confidentialité</Link>.
    </p>
  );
}
