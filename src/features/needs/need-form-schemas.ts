import * as v from 'valibot';
import { messages, type Schedule, type VillageNeed } from '../../contract';
import { CreateNeedInput, UpdateNeedInput } from '../../contract/needs-input';
import { EMPTY_SCHEDULE_FIELDS, fieldsFromSchedule, scheduleFromFields, scheduleProblems, type ScheduleFields } from './schedule-form';

/** The choice that stands for "a need of our own", beside the catalogue's needs. */
export const FREE_NEED = 'free';

const typed = v.optional(v.string(), '');

/** The "Dates et créneaux" and practical details parts of both need forms, every field a string as typed. */
const DetailEntries = {
  dated: v.optional(v.picklist(['none', 'dated']), 'none'),
  first_date: typed,
  start_time: typed,
  duration: typed,
  custom_minutes: typed,
  repeat: v.optional(v.picklist(['once', 'daily', 'weekly', 'biweekly', 'monthly', 'custom']), 'once'),
  weekdays: typed,
  end: v.optional(v.picklist(['weeks', 'until', 'count']), 'weeks'),
  end_weeks: typed,
  end_until: typed,
  end_count: typed,
  places: typed,
  address: typed,
  access: typed,
  people: typed,
  diet: typed,
  /** « Visible aux organisateurs seulement », a checkbox: 'on' when ticked. */
  organisers_only: typed,
};
type DetailFields = ScheduleFields & { address: string; access: string; people: string; diet: string; organisers_only: string };

/** The names of the form's own fields: a contract message on any other path is said at the form's top. */
export const DETAIL_FIELD_NAMES = Object.keys(DetailEntries);

/** Each schedule field's problem at that field, before the contract's check of the whole (whose paths are `schedule.…`). */
const scheduleChecked = <T extends DetailFields>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value as unknown as Record<string, unknown>;
    for (const { field, message } of scheduleProblems(dataset.value)) {
      addIssue({ message, path: [{ type: 'object', origin: 'value', input, key: field, value: input[field] }] });
    }
  });

/** The details as the contract takes them: an empty text is "none", how many to feed a number. */
function detailsInput(fields: DetailFields, editing: Schedule | null) {
  return {
    schedule: scheduleFromFields(fields, editing),
    address: fields.address,
    access: fields.access,
    people: fields.people.trim() === '' ? null : Number(fields.people.trim()),
    diet: fields.diet,
    organisers_only: fields.organisers_only === 'on',
  };
}

/** The fields that show a need's details, to prefill the edit form (a new need starts undated). */
export function detailFieldsOf(need: VillageNeed | null): Record<keyof DetailFields, string> {
  return {
    ...(need ? fieldsFromSchedule(need.schedule) : EMPTY_SCHEDULE_FIELDS),
    address: need?.address ?? '',
    access: need?.access ?? '',
    people: need?.people == null ? '' : String(need.people),
    diet: need?.diet ?? '',
    organisers_only: need?.organisers_only ? 'on' : '',
  };
}

/**
 * The add-need form validated by the contract itself: the form's strings become a CreateNeedInput, so its
 * rules and French messages apply (a free need's name is then required: an empty one is blank). Field
 * names match the contract's, so its messages land on the right field.
 */
export const addNeedSchema = (villagerId: string) =>
  v.pipe(
    v.object({ choice: v.pipe(v.string(), v.nonEmpty(messages.required)), name: typed, description: typed, ...DetailEntries }),
    scheduleChecked(),
    v.transform(({ choice, name, description, ...details }): v.InferInput<typeof CreateNeedInput> => ({
      villager_id: villagerId,
      ...(choice === FREE_NEED ? { name } : { need_id: choice }),
      description,
      ...detailsInput(details, null),
    })),
    CreateNeedInput,
  );

/** Equal as data, whatever the order of the keys (the server's row and the form's schedule list them differently). */
const stable = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(stable)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, inner]) => [key, stable(inner)]),
        )
      : (value ?? null);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));

/**
 * The edit form: name and description always, the schedule and the details only when they changed (absent is
 * "unchanged" for the contract, so an edit of the name never touches the slots), as UpdateNeedInput checks them.
 */
export const editNeedSchema = (updaterId: string, need: VillageNeed) =>
  v.pipe(
    v.object({ name: typed, description: typed, ...DetailEntries }),
    scheduleChecked(),
    v.transform(({ name, description, ...fields }): v.InferInput<typeof UpdateNeedInput> => {
      const details = detailsInput(fields, need.schedule);
      // A need stored on this device before the field existed is not organisers-only.
      const stored = { ...need, organisers_only: need.organisers_only ?? false };
      const normalised = v.safeParse(CreateNeedInput, { villager_id: updaterId, ...details });
      // Compared as the contract would store them (trimmed, empty as null); a wrong value is sent to be refused.
      const now = normalised.success ? normalised.output : details;
      const changed = Object.fromEntries(
        (Object.keys(details) as (keyof typeof details)[])
          .filter((key) => !sameValue(now[key], stored[key]))
          .map((key) => [key, details[key]]),
      );
      return { updater_id: updaterId, name, description, ...changed };
    }),
    UpdateNeedInput,
  );
