import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, type TextFieldBase } from './field-frame';
import './text-area-field.css';

type NativeProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name'>;

type TextAreaFieldProps = NativeProps & TextFieldBase;

/** TextField's sibling for longer texts, with the same label, hint and error wiring. */
export function TextAreaField({ label, name, value, onChange, error, hint, caution, id, rows = 4, ...native }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error} hint={hint} caution={caution}>
      {(wiring) => <textarea {...native} {...wiring} name={name} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FieldFrame>
  );
}
