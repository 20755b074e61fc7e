import { useId, type ChangeEvent } from 'react';

interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
  /** Ids of the sentences that say what the switch does (announced after its name). */
  describedBy?: string;
}

/**
 * An on/off choice that takes effect at once: a real checkbox with the switch role, so the keyboard (space)
 * and screen readers ("activé"/"désactivé") work as everywhere; its state shows by the knob's place and
 * by "Oui"/"Non" written beside it, never by colour alone.
 */
export function SwitchField({ label, checked, onChange, describedBy }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <label htmlFor={id}>{label}</label>
      <span className="switch-state" aria-hidden="true">
        {checked ? 'Oui' : 'Non'}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-describedby={describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
      />
    </div>
  );
}
