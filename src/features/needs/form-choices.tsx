import { useId, type ReactNode } from 'react';
import { FieldFrame } from '../../components/form/field-frame';

interface FieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** Radio buttons under one legend; its error tied to every button, so it is read on focus. */
export function RadioGroup({
  legend,
  options,
  name,
  value,
  onChange,
  error,
  children,
}: FieldProps & { legend: string; options: readonly { value: string; label: string }[]; children?: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

/** A labelled native select: the phone's own picker, with the label, hint and error wiring of text fields. */
export function SelectField({
  label,
  hint,
  options,
  name,
  value,
  onChange,
  error,
}: FieldProps & { label: string; hint?: string; options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame label={label} name={name} error={error} hint={hint}>
      {(wiring) => (
        <select {...wiring} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
