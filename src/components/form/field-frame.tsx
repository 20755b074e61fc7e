import { useId, type ReactNode } from 'react';

interface FieldFrameProps {
  label: string;
  name: string;
  id?: string;
  error?: string;
  /** A hint shown under the label, read with the field. */
  hint?: string;
  /** A caution shown under the control (components/form/no-medical-details.ts), read with the field too. */
  caution?: string;
  /** The control itself, given the attributes that tie it to its label, hint and error. */
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/**
 * The label, hint and error around a form control, tied to it (aria-invalid, aria-describedby), so an error
 * is announced on focus. One wiring for inputs and text areas.
 */
export function FieldFrame({ label, name, id, error, hint, caution, children }: FieldFrameProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const cautionId = caution ? `${inputId}-caution` : undefined;
  const describedBy = [hintId, cautionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {caution ? (
        <p className="field-hint field-caution" id={cautionId}>
          {caution}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every labelled text field takes beside its element's own attributes. */
export interface TextFieldBase {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A hint shown under the label, read with the field. */
  hint?: string;
  /** A caution shown under the field, read with it. */
  caution?: string;
}
