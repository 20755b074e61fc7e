import { useState } from 'react';
import { failureText } from '../../domain/failure-text';
import { alreadyVerified } from '../../contract/email-verification';
import { onlineStatus } from '../../pwa/online-status';
import { refreshCurrentUser, requestVerificationLink } from '../../domain/users/verification-calls';
import { linkSentText, RESEND_OFFLINE_TEXT } from '../../domain/users/verification-texts';
// Its own look wherever it is shown (the account's notice, the sheet after taking a slot).
import './verification.css';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'said'; text: string; alert: boolean };

/**
 * "Renvoyer le lien": a direct call, since a mail can only be asked for online (offline, it says so rather
 * than queue a request that would send a link later, when nobody expects it). The outcome is read out.
 */
export function ResendLink({ email, label = 'Renvoyer le lien' }: { email: string; label?: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const online = onlineStatus.use();

  const resend = async () => {
    if (state.kind === 'sending') return;
    if (!online) return setState({ kind: 'said', text: RESEND_OFFLINE_TEXT, alert: true });
    setState({ kind: 'sending' });
    const result = await requestVerificationLink();
    if (result.ok) return setState({ kind: 'said', text: linkSentText(email), alert: false });
    const { failure } = result;
    if (failure.kind === 'offline') return setState({ kind: 'said', text: RESEND_OFFLINE_TEXT, alert: true });
    // Verified meanwhile (on another device): the stored user learns it, and the notice goes away.
    if (failure.kind === 'refused' && failure.status === 409) {
      await refreshCurrentUser();
      return setState({ kind: 'said', text: alreadyVerified, alert: false });
    }
    setState({ kind: 'said', text: failureText(failure), alert: true });
  };

  return (
    <div className="resend-link">
      <button type="button" className="secondary" aria-disabled={state.kind === 'sending'} onClick={() => void resend()}>
        {state.kind === 'sending' ? 'Envoi…' : label}
      </button>
      {!online && state.kind === 'idle' ? <p className="field-hint">{RESEND_OFFLINE_TEXT}</p> : null}
      {/* Always in the page, so screen readers hear what is put in it. */}
      <p role="status" className={state.kind === 'said' && state.alert ? 'form-alert' : undefined}>
        {state.kind === 'said' ? state.text : ''}
      </p>
    </div>
  );
}
