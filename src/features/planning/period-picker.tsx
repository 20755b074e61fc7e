import { useState, type KeyboardEvent } from 'react';
import { firstOfMonth, monthNames, toDate, yearGroup, YEARS_PER_GROUP, type IsoDay } from '../../domain/helps/calendar-dates';
import { useDebouncedCallback } from './use-debounced-callback';

/** The spec's calendar input debounce. */
export const INPUT_DEBOUNCE_MS = 1000;

interface PeriodPickerProps {
  id: string;
  anchor: IsoDay;
  onPick: (day: IsoDay) => void;
  onClose: () => void;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Jump to any month: a year among groups of 12, then a month; or a typed date. */
export function PeriodPicker({ id, anchor, onPick, onClose }: PeriodPickerProps) {
  const shown = toDate(anchor);
  const [year, setYear] = useState(shown.year);
  const [groupYear, setGroupYear] = useState(shown.year);
  const years = yearGroup(groupYear);
  const typed = useDebouncedCallback((value: string) => {
    if (toDate(value).isValid) onPick(value);
  }, INPUT_DEBOUNCE_MS);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <div id={id} className="planning-picker" role="group" aria-label="Choisir une période" onKeyDown={closeOnEscape}>
      <h3>Année</h3>
      <div className="picker-nav">
        <button
          type="button"
          className="secondary"
          aria-label="Années précédentes"
          onClick={() => setGroupYear((y) => y - YEARS_PER_GROUP)}
        >
          ‹
        </button>
        <span>
          {years[0]} – {years[years.length - 1]}
        </span>
        <button type="button" className="secondary" aria-label="Années suivantes" onClick={() => setGroupYear((y) => y + YEARS_PER_GROUP)}>
          ›
        </button>
      </div>
      <ul className="picker-grid">
        {years.map((y) => (
          <li key={y}>
            <button type="button" className="secondary" aria-pressed={y === year} onClick={() => setYear(y)}>
              {y}
            </button>
          </li>
        ))}
      </ul>
      <h3>Mois</h3>
      <ul className="picker-grid">
        {monthNames().map((name, i) => (
          <li key={name}>
            <button
              type="button"
              className="secondary"
              aria-current={year === shown.year && i + 1 === shown.month ? 'date' : undefined}
              aria-label={`${capitalise(name)} ${year}`}
              onClick={() => onPick(firstOfMonth(year, i + 1))}
            >
              {capitalise(name)}
            </button>
          </li>
        ))}
      </ul>
      <label>
        Aller au
        <input type="date" defaultValue={anchor} onChange={(event) => typed(event.currentTarget.value)} />
      </label>
    </div>
  );
}
