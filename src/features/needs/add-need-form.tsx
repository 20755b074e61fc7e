import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { NeedCategory } from '../../contract';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { NO_MEDICAL_DETAILS } from '../../components/form/no-medical-details';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { DETAIL_FIELD_NAMES, FREE_NEED, addNeedSchema, detailFieldsOf } from './need-form-schemas';
import { ScheduleSection } from './schedule-section';
import { PracticalFields } from './practical-fields';
import type { ScheduleFields } from './schedule-form';
import { strayError } from './stray-error';
import { createNeedAction } from '../../domain/needs/actions';
import { CatalogueChoices } from '../../components/catalogue-choices';
import { OTHER_NEEDS } from '../../domain/needs/need-category';

interface AddNeedFormProps {
  villageId: string;
  villagerId: string;
  categories: NeedCategory[];
  /** Catalogue needs the village already has: offered, but not twice. */
  taken: Set<string>;
  /** The village's time zone: dates and times are typed and previewed in it. */
  zone: string;
}

/** A need from the catalogue, by category, or one of the village's own words. */
export function AddNeedForm({ villageId, villagerId, categories, taken, zone }: AddNeedFormProps) {
  const navigate = useNavigate();
  const errorId = useId();
  const form = useForm({
    schema: addNeedSchema(villagerId),
    initial: { choice: '', name: '', description: '', ...detailFieldsOf(null) },
    onSubmit: async (input) => {
      const result = await createNeedAction(villageId, input);
      // The need is on this device: the list shows it at once, online or not.
      if (!result.ok) return { failure: { kind: 'refused', status: 0, message: result.message } };
      await navigate({ to: '/dashboard/villages/$id/needs', params: { id: villageId } });
    },
  });
  const choice = form.field('choice');

  const radio = (value: string, disabled = false) => ({
    type: 'radio' as const,
    name: 'choice',
    value,
    checked: choice.value === value,
    disabled,
    onChange: () => choice.onChange(value),
    'aria-invalid': choice.error ? true : undefined,
    'aria-describedby': choice.error ? errorId : undefined,
  });

  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="need-form">
      <FormAlert message={form.formError ?? strayError(form.errors, ['choice', 'name', 'description', ...DETAIL_FIELD_NAMES])} />
      <fieldset className="need-choices">
        <legend>Quel besoin&nbsp;?</legend>
        {choice.error ? (
          <p className="field-error" id={errorId}>
            {choice.error}
          </p>
        ) : null}
        <CatalogueChoices
          categories={categories}
          input={(need) => radio(need.id, taken.has(need.id))}
          note={(need) => (taken.has(need.id) ? <span className="need-choice-taken"> (déjà dans le village)</span> : null)}
        />
        <fieldset className="need-choice-group">
          <legend>{OTHER_NEEDS}</legend>
          <label className="need-choice">
            <input {...radio(FREE_NEED)} />
            <span>Un autre besoin, que je décris</span>
          </label>
        </fieldset>
      </fieldset>
      {choice.value === FREE_NEED ? <TextField label="Nom du besoin" required {...form.field('name')} /> : null}
      <TextAreaField
        label="Description"
        hint="Facultatif. Ce qui aide à bien faire&nbsp;: horaires, habitudes, lieu…"
        caution={NO_MEDICAL_DETAILS}
        {...form.field('description')}
      />
      <ScheduleSection field={form.field} values={form.values as unknown as ScheduleFields} zone={zone} />
      <PracticalFields field={form.field} />
      <SubmitButton busy={form.submitting}>Ajouter ce besoin</SubmitButton>
    </form>
  );
}
