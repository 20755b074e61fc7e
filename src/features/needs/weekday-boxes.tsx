import { useId } from 'react';
import { WEEKDAYS, chosenWeekdays, type ScheduleFields } from './schedule-form';

interface WeekdayBoxesProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  values: Pick<ScheduleFields, 'weekdays' | 'first_date'>;
}

/** Monday to Sunday as checkboxes, the first date's day ticked until the organiser picks others. */
export function WeekdayBoxes({ name, onChange, error, values }: WeekdayBoxesProps) {
  const errorId = useId();
  const chosen = chosenWeekdays(values);
  const toggle = (code: string) => {
    const next = chosen.includes(code) ? chosen.filter((c) => c !== code) : [...chosen, code];
    // Nothing ticked is a choice too (refused with a message), not a return to the default.
    onChange(
      WEEKDAYS.map((d) => d.code)
        .filter((c) => next.includes(c))
        .join(',') || 'none',
    );
  };
  return (
    <fieldset className="choice-group weekday-boxes">
      <legend>Quels jours&nbsp;?</legend>
      <div className="weekday-row">
        {WEEKDAYS.map((day) => (
          <label key={day.code} className="weekday">
            <input
              type="checkbox"
              name={name}
              value={day.code}
              checked={chosen.includes(day.code)}
              onChange={() => toggle(day.code)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span aria-hidden="true">{day.short}</span>
            <span className="visually-hidden">{day.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
