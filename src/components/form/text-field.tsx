import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'>;

interface TextFieldProps extends NativeProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A hint shown under the label, read with the field. */
  hint?: string;
}

/** A labelled input whose error is tied to it, so it is announced on focus. */
export function TextField({ label, name, value, onChange, error, hint, id, ...native }: TextFieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error} hint={hint}>
      {(wiring) => <input {...native} {...wiring} name={name} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FieldFrame>
  );
}
