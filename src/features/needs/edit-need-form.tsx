import type { VillageNeed } from '../../contract';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { editNeedSchema } from './need-form-schemas';
import { updateNeedAction } from './actions';

interface EditNeedFormProps {
  need: VillageNeed;
  updaterId: string;
  onSaved: () => void;
  onCancel: () => void;
}

/** A need's name and description, changed in place. */
export function EditNeedForm({ need, updaterId, onSaved, onCancel }: EditNeedFormProps) {
  const form = useForm({
    schema: editNeedSchema(updaterId),
    initial: { name: need.name, description: need.description ?? '' },
    onSubmit: async (input) => {
      const result = await updateNeedAction(need.village_id, need.id, input);
      if (!result.ok) return { failure: { kind: 'refused', status: 0, message: result.message } };
      onSaved();
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="need-form" aria-labelledby="edit-need-title">
      <h2 id="edit-need-title">Modifier le besoin</h2>
      <FormAlert message={form.formError} />
      <TextField label="Nom du besoin" required {...form.field('name')} />
      <TextAreaField label="Description" hint="Facultatif." {...form.field('description')} />
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <button type="button" className="secondary need-form-cancel" onClick={onCancel}>
        Annuler
      </button>
    </form>
  );
}
