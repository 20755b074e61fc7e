import { TextField } from '../../components/form/text-field';
import { DEFAULT_TIME_ZONE, type Schedule } from '../../contract';
import { RadioGroup, SelectField } from './form-choices';
import { WeekdayBoxes } from './weekday-boxes';
import { CUSTOM_DURATION, CUSTOM_REPEAT_LABEL, DURATIONS, ENDS, REPEATS, type ScheduleFields } from './schedule-form';
import { schedulePreview, validScheduleOf } from './schedule-preview';

type Field = (name: keyof ScheduleFields) => { name: string; value: string; error?: string; onChange: (value: string) => void };

interface ScheduleSectionProps {
  field: Field;
  values: ScheduleFields;
  zone: string;
  /** The schedule being edited: its rule kept when the form cannot show it, its cancelled dates kept. */
  editing?: Schedule | null;
  /** Said under the preview when the edit would release taken slots. */
  warning?: string | null;
}

const DATED = [
  { value: 'none', label: 'Sans date (chacun propose un moment)' },
  { value: 'dated', label: 'À des dates précises' },
];

/**
 * "Dates et créneaux": none (helpers propose their own time) or a first date, a time, a duration, a
 * repetition and its end, places per slot, with a live count of the slots it makes in the village's zone.
 */
export function ScheduleSection({ field, values, zone, editing = null, warning = null }: ScheduleSectionProps) {
  const dated = values.dated === 'dated';
  const repeats =
    editing?.rrule && values.repeat === 'custom'
      ? [...REPEATS, { value: 'custom' as const, label: `${CUSTOM_REPEAT_LABEL} (gardée telle quelle)` }]
      : REPEATS;
  const repeating = values.repeat !== 'once' && values.repeat !== 'custom';
  const schedule = validScheduleOf(values, editing);
  const zoneHint = zone === DEFAULT_TIME_ZONE ? 'Heure de Paris' : `Heure du village (${zone})`;
  return (
    <fieldset className="need-section">
      <legend>Dates et créneaux</legend>
      <RadioGroup legend="Quand&nbsp;?" options={DATED} {...field('dated')} />
      {dated ? (
        <>
          <div className="need-form-row">
            <TextField label="Première date" type="date" required {...field('first_date')} />
            <TextField label="Heure" type="time" required hint={zoneHint} {...field('start_time')} />
          </div>
          <SelectField label="Durée de chaque créneau" options={DURATIONS} {...field('duration')} />
          {values.duration === CUSTOM_DURATION ? (
            <TextField label="Durée en minutes" hint="De 15 à 1440 minutes" inputMode="numeric" {...field('custom_minutes')} />
          ) : null}
          <TextField label="Nombre de personnes par créneau" hint="De 1 à 20" inputMode="numeric" {...field('places')} />
          <RadioGroup legend="Répétition" options={repeats} {...field('repeat')} />
          {values.repeat === 'weekly' || values.repeat === 'biweekly' ? <WeekdayBoxes values={values} {...field('weekdays')} /> : null}
          {repeating ? (
            <RadioGroup legend="Jusqu’à quand&nbsp;?" options={ENDS} {...field('end')}>
              {values.end === 'weeks' ? <TextField label="Nombre de semaines" inputMode="numeric" {...field('end_weeks')} /> : null}
              {values.end === 'until' ? <TextField label="Dernière date" type="date" {...field('end_until')} /> : null}
              {values.end === 'count' ? <TextField label="Nombre de fois" inputMode="numeric" {...field('end_count')} /> : null}
            </RadioGroup>
          ) : null}
        </>
      ) : null}
      <div className="schedule-preview" aria-live="polite">
        {dated && schedule ? <p>{schedulePreview(schedule, zone)}</p> : null}
        {warning ? <p className="schedule-warning">⚠️ {warning}</p> : null}
      </div>
    </fieldset>
  );
}
