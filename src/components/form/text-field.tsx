import { useState, type InputHTMLAttributes } from 'react';
import { FieldFrame, type TextFieldBase } from './field-frame';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'>;

type TextFieldProps = NativeProps & TextFieldBase;

/** A labelled input whose error is tied to it, so it is announced on focus. */
export function TextField({ label, name, value, onChange, error, hint, caution, id, ...native }: TextFieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error} hint={hint} caution={caution}>
      {(wiring) => <input {...native} {...wiring} name={name} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FieldFrame>
  );
}

/**
 * A labelled password input with a button that shows what was typed, so a mistyped password is seen before
 * it is sent. The button's text is its name, « Afficher le mot de passe » (no aria-label: the field's label
 * stays the only label that says « mot de passe »). A mouse press on it never takes the focus, so the caret
 * stays in the input. A submit hides the password again: the browser never sees the form sent as visible text.
 * It lives beside TextField because the login page loads it: a module of its own cost about 30 bytes gzip more
 * there (the bundler's wrapper), and that screen's JavaScript is held under 120 KB (`npm run bench:size`).
 */
export function PasswordField({ label, name, value, onChange, error, hint, id, ...native }: Omit<TextFieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={label} name={name} id={id} error={error} hint={hint}>
      {(wiring) => (
        <div className="password-field">
          <input
            {...native}
            {...wiring}
            // A new callback each render: the listener is moved from one to the next, never left behind.
            ref={(element) => {
              const form = element?.form;
              const hide = () => setShown(false);
              form?.addEventListener('submit', hide);
              return () => form?.removeEventListener('submit', hide);
            }}
            type={shown ? 'text' : 'password'}
            name={name}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button type="button" className="secondary" onMouseDown={(e) => e.preventDefault()} onClick={() => setShown(!shown)}>
            {shown ? 'Masquer' : 'Afficher'}
            <span className="visually-hidden"> le mot de passe</span>
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
