import { useEffect } from 'react';
import type { User } from '../../contract';
import { ResendLink } from './resend-link';
import { refreshCurrentUser } from '../../domain/users/verification-calls';
import { pendingVerificationText } from '../../domain/users/verification-texts';
import './verification.css';

/**
 * The account's reminder while the address is unproven: until then only the verification and password
 * reset mails reach it. Shown, it reads the user again once, so a link opened on another device clears it.
 */
export function VerificationNotice({ user }: { user: User }) {
  const unverified = !user.email_verified_at;
  useEffect(() => {
    if (unverified) void refreshCurrentUser();
  }, [unverified]);
  if (!unverified) return null;
  return (
    <section className="notice verification-notice" aria-labelledby="verification-notice-title">
      <h2 id="verification-notice-title">Adresse e-mail à vérifier</h2>
      <p>{pendingVerificationText(user.email)}</p>
      <p className="field-hint">En attendant, vous ne recevez ni confirmations, ni rappels, ni nouvelles de vos villages par e-mail.</p>
      <ResendLink email={user.email} />
    </section>
  );
}
