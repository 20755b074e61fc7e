import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX, messages } from '../../contract';
import { useEnterSends } from './use-enter-sends';

/**
 * The message field: with a physical keyboard Enter sends and Shift+Enter goes to a new line; on a touch
 * screen Enter goes to a new line and the button sends, and the hint is hidden (use-enter-sends.ts). The
 * draft stays until the message is kept on this device, so a full disk loses nothing the user typed.
 */
export function ChatComposer({
  onSend,
  disabled,
}: {
  onSend: (body: string) => Promise<{ ok: true } | { ok: false; message: string }>;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const enter = useEnterSends();

  async function submit() {
    const body = draft.trim();
    if (!body || sending || disabled) return;
    if (body.length > CHAT_MESSAGE_MAX) {
      setError(messages.maxLength(CHAT_MESSAGE_MAX));
      return;
    }
    setSending(true);
    try {
      const result = await onSend(body);
      if (result.ok) {
        setDraft('');
        setError(null);
      } else setError(result.message);
    } finally {
      setSending(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Composing (an IME) also ends with Enter: that one picks a word, it does not send.
    if (!enter.sends || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      <label htmlFor={fieldId}>Votre message</label>
      <p className="chat-composer-hint" id={`${fieldId}-hint`}>
        Entrée pour envoyer, Maj + Entrée pour aller à la ligne.
      </p>
      <div className="chat-composer-row">
        <textarea
          id={fieldId}
          rows={2}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={[enter.hinted ? `${fieldId}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
        />
        <button type="submit" disabled={disabled || sending || draft.trim() === ''}>
          Envoyer
        </button>
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
