import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../../session/current-user';
import { signOut } from '../../app/sign-out';
import { externalLinks } from './external-links';
import { PRIVACY_PATH } from '../../components/privacy/privacy-path';
import { DeleteAccountDialog } from './delete-account-dialog';
import { UserAvatar } from '../../components/user-avatar';
import { AnalyticsConsentChoice } from '../../analytics/analytics-consent-choice';
import { SignOutDialog } from './sign-out-dialog';
import { countUnsent } from '../../outbox/use-outbox-status';
import { dropSignedInUserEntries } from '../../outbox/failed-entries';
import { CalendarSubscription } from '../../components/calendar-subscription/calendar-subscription';
import { PushSettings } from '../../components/push-settings/push-settings';
import { VerificationNotice } from '../../components/verification/verification-notice';
import { AddPassword } from './add-password';
import { PasskeySettings } from '../../components/passkeys/passkey-settings';
import { DownloadFile } from '../../components/download-file/download-file';
import { downloadMyData, MY_DATA_FILE } from '../../domain/users/export-calls';

export function AccountPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const [unsent, setUnsent] = useState(0);

  const logOut = async () => {
    await signOut();
    await navigate({ to: '/auth/login', replace: true });
  };
  // Changes still waiting for the network would be lost: the user is told how many and decides.
  const askToLogOut = async () => {
    const count = await countUnsent();
    if (count > 0) setUnsent(count);
    else await logOut();
  };
  const logOutAnyway = async () => {
    await dropSignedInUserEntries();
    setUnsent(0);
    await logOut();
  };

  return (
    <section className="account" aria-labelledby="account-title">
      <h1 id="account-title">Mon compte</h1>
      {user ? (
        <div className="account-identity">
          <UserAvatar user={user} size={64} />
          <div>
            <p className="account-name">
              {user.first_name} {user.last_name}
            </p>
            <p className="account-email">{user.email}</p>
          </div>
        </div>
      ) : null}

      {/* While the address is unproven, only the verification and password reset mails reach it (src/features/verify-email/). */}
      {user ? <VerificationNotice user={user} /> : null}

      <nav aria-label="Mon compte">
        <ul className="link-list">
          <li>
            <Link to="/account/profile">Modifier mon profil</Link>
          </li>
          <li>
            <Link to="/account/notifications">Notifications</Link>
          </li>
          <li>
            <Link to={PRIVACY_PATH}>Confidentialité et vos droits</Link>
          </li>
        </ul>
      </nav>

      {/* An account joined with a name and an e-mail only can add a password here (README, Auth). */}
      {user ? <AddPassword user={user} /> : null}

      {/* Passkeys (src/components/passkeys/): several per account, each removable. */}
      <PasskeySettings />

      {/* A private calendar address of the slots the user took in all their villages (src/components/calendar-subscription/). */}
      <CalendarSubscription scope={{ kind: 'user' }} />

      {/* Web Push on this device (src/components/push-settings/): new needs, helps, messages and reminders. */}
      <PushSettings />

      {/* The analytics consent, changeable at any time (src/analytics/); it shows only when analytics is configured. */}
      <AnalyticsConsentChoice />

      {/* The GDPR copy of everything about the user (GET /v1/users/me/export): a ZIP prepared by the server. */}
      <h2>Mes données</h2>
      <DownloadFile label="Télécharger mes données" fileName={MY_DATA_FILE} download={downloadMyData} />

      <h2>Informations</h2>
      <ul className="link-list">
        {externalLinks.map((link) => (
          <li key={link.label}>
            {'href' in link ? (
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
                <span className="visually-hidden"> (nouvel onglet)</span>
              </a>
            ) : (
              <Link to={link.to} hash={link.hash}>
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>

      <div className="account-actions">
        <button type="button" className="secondary" onClick={() => void askToLogOut()}>
          Se déconnecter
        </button>
        {user ? (
          <button type="button" className="danger" onClick={() => setConfirmingDelete(true)}>
            Supprimer mon compte
          </button>
        ) : null}
      </div>
      <SignOutDialog unsent={unsent} open={unsent > 0} onClose={() => setUnsent(0)} onConfirm={() => void logOutAnyway()} />
      {user ? (
        <DeleteAccountDialog
          userId={user.id}
          open={confirmingDelete}
          onClose={() => setConfirmingDelete(false)}
          onDeleted={() => void navigate({ to: '/auth/login', replace: true })}
        />
      ) : null}
    </section>
  );
}
