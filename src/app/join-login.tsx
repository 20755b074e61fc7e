import type { Session } from '../contract/session';
import { JoinSignIn } from '../features/auth/join-sign-in';
import { LoginForm } from '../features/auth/login-form';
import { joinCodeOf } from '../features/join/join-code';
import { JoinLinkPreview } from '../features/join/join-link-preview';
import { PasskeySignIn } from '../components/passkeys/passkey-sign-in';

interface JoinLoginProps {
  redirect?: string;
  expired?: boolean;
  onSignedIn: (session: Session) => Promise<void>;
}

/**
 * The sign-in page of a visitor whom a join link brought: which village invites them, then, as most have no
 * account, joining with a name and an e-mail first (the usual sign-in when their session expired). Loaded only on
 * that road, so that the first screen of everyone else stays under its budget (`npm run bench:size`).
 */
export default function JoinLogin({ redirect, expired, onSignedIn }: JoinLoginProps) {
  return (
    <>
      <JoinLinkPreview redirect={redirect} />
      {joinCodeOf(redirect) && !expired ? (
        <JoinSignIn redirect={redirect} onSignedIn={onSignedIn} />
      ) : (
        <LoginForm expired={expired} redirect={redirect} onSignedIn={onSignedIn} />
      )}
      <PasskeySignIn onSignedIn={onSignedIn} />
    </>
  );
}
