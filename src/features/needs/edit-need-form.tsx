import { useState } from 'react';
import type { Help, VillageNeed } from '../../contract';
import type { UpdateNeedInput } from '../../contract/needs-input';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { NO_MEDICAL_DETAILS } from '../../components/form/no-medical-details';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DETAIL_FIELD_NAMES, detailFieldsOf, editNeedSchema } from './need-form-schemas';
import { ScheduleSection } from './schedule-section';
import { PracticalFields } from './practical-fields';
import type { ScheduleFields } from './schedule-form';
import { helpsReleasedBy, releaseWarning, validScheduleOf } from './schedule-preview';
import { strayError } from './stray-error';
import { updateNeedAction } from '../../domain/needs/actions';

interface EditNeedFormProps {
  need: VillageNeed;
  updaterId: string;
  /** The need's helps of active helpers: an edit that drops their slots says so before it is saved. */
  helps: readonly Help[];
  zone: string;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * A need's name, description, dates and practical details, changed in place. A schedule edit changes the
 * slots to come only; the ones already taken that it drops are counted on the device and announced before
 * saving, then confirmed.
 */
export function EditNeedForm({ need, updaterId, helps, zone, onSaved, onCancel }: EditNeedFormProps) {
  const [confirming, setConfirming] = useState<UpdateNeedInput | null>(null);
  const save = async (input: UpdateNeedInput) => {
    const result = await updateNeedAction(need.village_id, need.id, input);
    if (!result.ok) return result.message;
    onSaved();
    return null;
  };
  const form = useForm({
    schema: editNeedSchema(updaterId, need),
    initial: { name: need.name, description: need.description ?? '', ...detailFieldsOf(need) },
    onSubmit: async (input) => {
      if (input.schedule !== undefined && released > 0) return setConfirming(input);
      const refused = await save(input);
      if (refused) return { failure: { kind: 'refused', status: 0, message: refused } };
    },
  });
  const values = form.values as unknown as ScheduleFields;
  // Said live while the organiser changes the dates, not only in the confirmation.
  const released = helpsReleasedBy(need, validScheduleOf(values, need.schedule), helps, zone).length;

  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="need-form" aria-labelledby="edit-need-title">
      <h2 id="edit-need-title">Modifier le besoin</h2>
      <FormAlert message={form.formError ?? strayError(form.errors, ['name', 'description', ...DETAIL_FIELD_NAMES])} />
      <TextField label="Nom du besoin" required {...form.field('name')} />
      <TextAreaField label="Description" hint="Facultatif." caution={NO_MEDICAL_DETAILS} {...form.field('description')} />
      <ScheduleSection
        field={form.field}
        values={values}
        zone={zone}
        editing={need.schedule}
        warning={released ? releaseWarning(released) : null}
      />
      <PracticalFields field={form.field} />
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <button type="button" className="secondary need-form-cancel" onClick={onCancel}>
        Annuler
      </button>
      <ConfirmDialog
        open={confirming !== null}
        title="Libérer des créneaux déjà pris&nbsp;?"
        confirmLabel="Enregistrer quand même"
        busyLabel="Enregistrement…"
        onConfirm={() => (confirming ? save(confirming) : Promise.resolve(null))}
        onClose={() => setConfirming(null)}
      >
        {confirming ? <p>{releaseWarning(released)}</p> : null}
      </ConfirmDialog>
    </form>
  );
}
