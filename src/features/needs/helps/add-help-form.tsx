import { DateTime } from 'luxon';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from '../../../components/form/use-form';
import { TextField } from '../../../components/form/text-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { HelpSlotFields, toCreateHelpInput } from './help-form-schema';
import { VILLAGE_ZONE } from '../../../contract/french-time';
import { addHelpAction } from '../../../domain/helps/actions';

interface AddHelpFormProps {
  villageId: string;
  needId: string;
  helperId: string;
  /** Kept with the write so a refused one says which need it was on. */
  needName?: string;
}

/** A slot on one day, in Paris time: the village's clock, wherever the helper's phone thinks it is. */
export function AddHelpForm({ villageId, needId, helperId, needName }: AddHelpFormProps) {
  const navigate = useNavigate();
  const form = useForm({
    schema: HelpSlotFields,
    initial: { date: DateTime.now().setZone(VILLAGE_ZONE).toISODate() ?? '', start_time: '', end_time: '', comment: '' },
    onSubmit: async (fields) => {
      const slot = toCreateHelpInput(fields, helperId);
      if (!slot.ok) return { failure: { kind: 'invalid', status: 422, message: slot.errors[0].message, errors: slot.errors } };
      const result = await addHelpAction(villageId, needId, slot.input, { needName });
      if (!result.ok) return { failure: { kind: 'refused', status: 0, message: result.message } };
      await navigate({ to: '/dashboard/villages/$id/needs/$need_id/helps', params: { id: villageId, need_id: needId } });
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="need-form">
      <FormAlert message={form.formError} />
      <TextField label="Date" type="date" required {...form.field('date')} />
      <div className="help-times">
        <TextField label="Début" type="time" required hint="Heure de Paris" {...form.field('start_time')} />
        <TextField label="Fin" type="time" required hint="Heure de Paris" {...form.field('end_time')} />
      </div>
      <TextAreaField
        label="Commentaire"
        hint="Facultatif. Un mot pour le village&nbsp;: ce que vous ferez, une précision…"
        {...form.field('comment')}
      />
      <SubmitButton busy={form.submitting}>Proposer mon aide</SubmitButton>
    </form>
  );
}
