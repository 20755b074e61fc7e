import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
import './text-area-field.css';

type NativeProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name'>;

interface TextAreaFieldProps extends NativeProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}

/** TextField's sibling for longer texts, with the same label, hint and error wiring. */
export function TextAreaField({ label, name, value, onChange, error, hint, id, rows = 4, ...native }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error} hint={hint}>
      {(wiring) => <textarea {...native} {...wiring} name={name} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FieldFrame>
  );
}
