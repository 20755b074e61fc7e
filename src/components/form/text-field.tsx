import type { InputHTMLAttributes } from 'react';
import { FieldFrame, type TextFieldBase } from './field-frame';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'>;

type TextFieldProps = NativeProps & TextFieldBase;

/** A labelled input whose error is tied to it, so it is announced on focus. */
export function TextField({ label, name, value, onChange, error, hint, id, ...native }: TextFieldProps) {
  return (
    <FieldFrame label={label} name={name} id={id} error={error} hint={hint}>
      {(wiring) => <input {...native} {...wiring} name={name} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FieldFrame>
  );
}
